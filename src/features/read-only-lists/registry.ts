import { chatBlock } from './chat-block';
import { contactUs } from './contact-us';
import { feedbacks } from './feedbacks';

/** Every read-only paginated list, in menu order; the routes, the sidebar and the tests read this list. */
export const PAGED_LISTS = [contactUs, feedbacks, chatBlock];
