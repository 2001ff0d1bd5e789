import { http } from 'msw';
import { db } from '../db';
import { apiPath, fail, ok } from '../http';

export const publicHandlers = [
  http.get(apiPath('childsafetypolicy'), () => ok({ result: { childsafetypolicy: db.childSafetyPolicy } })),

  // Same answer whether or not the address has an account, like the reference server.
  http.delete(apiPath('user/delete-account/:email'), ({ params }) => {
    let email = String(params.email);
    try {
      email = decodeURIComponent(email);
    } catch {
      // A malformed escape is left as is and fails as an address, as on the server.
    }
    email = email.trim().toLowerCase();
    if (email.length > 254 || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return fail(400, 'Please give a valid e-mail address');
    db.deletionRequests.push(email);
    return ok({
      message: 'If an account exists for this address, we have sent a link to confirm its deletion.',
    });
  }),
];
