import { contactUs } from './contact-us';

/** Every read-only paginated list, in menu order; the routes, the sidebar and the tests read this list. */
export const PAGED_LISTS = [contactUs];
