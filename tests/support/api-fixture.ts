/** The Owner the console's test database starts with (server/seed/bootstrap.ts makes it), as `npm start` would. */
export const CONSOLE_ADMIN = { email: 'admin@example.com', password: 'Admin@123' };
