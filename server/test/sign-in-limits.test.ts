import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors';
import { Gate, passwordHashing } from '../lib/passwords';
import { ADMIN, makeServer } from './harness';

const FLOOD = '203.0.113.50';
const ELSEWHERE = '198.51.100.20';

type Server = Awaited<ReturnType<typeof makeServer>>;
const signIn = (call: Server['call'], remote: string, body: Record<string, unknown>) =>
  call('POST', '/api/login', { json: { isRole: 'admin', ...body }, token: null, remote });

/** A task that runs until the test lets it end. */
function heldTask() {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    task: async () => {
      started = true;
      await ended;
    },
    finish,
    get started() {
      return started;
    },
  };
}

/** Waits, 5 s at most, until `condition` holds. */
async function until(condition: () => boolean) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5000) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sign-in limits per client address', () => {
  it('lets a parallel flood of new e-mails from one address have 20 attempts and 2 password checks at a time', async () => {
    const { call } = await makeServer();
    // Signed in once, so the unknown-address decoy hash is done and the hashing gate is idle.
    expect((await signIn(call, ELSEWHERE, ADMIN)).status).toBe(200);
    // The hashing slots held, so every password check that gets through stays in the queue until the test lets go.
    const held = Array.from({ length: passwordHashing.slots }, heldTask);
    const holding = held.map((task) => passwordHashing.run(task.task));

    let answered = 0;
    const flood = Array.from({ length: 100 }, (_, i) =>
      signIn(call, FLOOD, { email: `flood-${i}@example.com`, password: 'guess' }).finally(
        () => (answered += 1),
      ),
    );
    let admin: ReturnType<typeof signIn> | undefined;
    try {
      await until(() => answered === 98);
      expect(passwordHashing.load).toEqual({ running: passwordHashing.slots, waiting: 2 });
      // The admin, from another address, waits behind those two only.
      admin = signIn(call, ELSEWHERE, ADMIN);
      await until(() => passwordHashing.load.waiting === 3);
    } finally {
      for (const task of held) task.finish();
      await Promise.all(holding);
    }
    expect((await admin)?.status).toBe(200);
    const answers = await Promise.all(flood);
    const messages = answers.map((answer) => `${answer.status} ${String(answer.body.message)}`);
    const count = (message: string) => messages.filter((each) => each === message).length;
    expect(count('401 Invalid email or password')).toBe(2);
    expect(count('429 Too many sign-in attempts at once. Try again in a moment.')).toBe(18);
    expect(count('429 Too many failed sign-in attempts. Try again later.')).toBe(80);
    for (const answer of answers.filter((each) => each.status === 429))
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Its 20 attempts are spent: the admin's own password from that address is refused too, unchecked.
    expect((await signIn(call, FLOOD, ADMIN)).status).toBe(429);
    expect((await signIn(call, ELSEWHERE, ADMIN)).status).toBe(200);
  });

  it('keeps the per-e-mail lockout: 5 failures for one e-mail from one address', async () => {
    const { call } = await makeServer();
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await signIn(call, FLOOD, { ...ADMIN, password: 'wrong-password' })).status).toBe(401);
    expect((await signIn(call, FLOOD, ADMIN)).status).toBe(429);
    // Another e-mail from that address still has its own attempts.
    expect((await signIn(call, FLOOD, { email: 'other@example.com', password: 'x' })).status).toBe(401);
  });

  it('does not hold a successful sign-in against the address', async () => {
    const { call } = await makeServer();
    for (let i = 0; i < 19; i += 1)
      expect((await signIn(call, FLOOD, { email: `typo-${i}@example.com`, password: 'x' })).status).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await signIn(call, FLOOD, ADMIN)).status).toBe(200);
    expect((await signIn(call, FLOOD, { email: 'last@example.com', password: 'x' })).status).toBe(401);
    expect((await signIn(call, FLOOD, { email: 'one-more@example.com', password: 'x' })).status).toBe(429);
  });
});

describe('password hashing', () => {
  it('runs at most its slots at once, queues a bounded number in order and refuses the rest at once', async () => {
    const gate = new Gate(2, 3);
    const tasks = Array.from({ length: 7 }, heldTask);
    const runs = tasks.map((held) =>
      gate.run(held.task).then(
        () => 'done',
        (error: unknown) => error,
      ),
    );
    await Promise.resolve();
    expect(tasks.map((held) => held.started)).toEqual([true, true, false, false, false, false, false]);
    expect(gate.load).toEqual({ running: 2, waiting: 3 });
    for (const refused of [await runs[5], await runs[6]]) {
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({
        status: 503,
        message: 'The server is busy. Try again in a moment.',
        headers: { 'Retry-After': '1' },
      });
    }

    tasks[1]!.finish();
    expect(await runs[1]).toBe('done');
    expect(tasks.map((held) => held.started)).toEqual([true, true, true, false, false, false, false]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    for (const index of [0, 2, 3, 4]) {
      tasks[index]!.finish();
      expect(await runs[index]).toBe('done');
    }
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('hashes on at most half the cores with 20 waiting, and a failing task frees its slot', async () => {
    expect(passwordHashing.slots).toBeGreaterThanOrEqual(1);
    expect(passwordHashing.queue).toBe(20);
    const gate = new Gate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a sign-in with 503 and Retry-After while the queue is full, without counting it', async () => {
    const { call } = await makeServer();
    // Signed in once, so the unknown-address decoy hash is done and the hashing gate is idle.
    expect((await signIn(call, ELSEWHERE, ADMIN)).status).toBe(200);
    expect(passwordHashing.load).toEqual({ running: 0, waiting: 0 });
    const held = Array.from({ length: passwordHashing.slots + passwordHashing.queue }, heldTask);
    const runs = held.map((task) => passwordHashing.run(task.task));
    try {
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const busy = await signIn(call, FLOOD, { ...ADMIN, password: 'wrong-password' });
        expect(busy.status).toBe(503);
        expect(busy.body).toEqual({ success: false, message: 'The server is busy. Try again in a moment.' });
        expect(busy.headers.get('retry-after')).toBe('1');
      }
    } finally {
      for (const task of held) task.finish();
      await Promise.all(runs);
    }
    // Six refusals unheard did not lock the admin's e-mail (5 failures would have) nor the address.
    expect((await signIn(call, FLOOD, ADMIN)).status).toBe(200);
  });
});
