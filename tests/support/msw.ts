import { setupServer } from 'msw/node';
import { specOnlyHandlers } from '@mocks/spec-only-handlers';
import { apiHandlers, answerFromServer } from './api-server';

/**
 * The console's network in its tests: MSW, whose last handlers hand every request to the reference server
 * (api-server.ts). A test layers its faults over them with server.use(); SPEC-only tests pass through
 * mocks/spec-only-handlers.ts first.
 */
export const server = setupServer(...specOnlyHandlers(answerFromServer), ...apiHandlers);
