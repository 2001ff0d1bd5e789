import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/errors';
import { Gate, passwordHashing } from '../lib/passwords';
import { addressKey } from '../lib/rate-limit';
import { ADMIN, form, makeServer } from './harness';

const FLOOD = '203.0.113.50';
const ELSEWHERE = '198.51.100.20';

afterEach(() => {
  vi.restoreAllMocks();
});

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
    // The hashing slots held, so every password check that gets through stays in the queue until the test lets go.
    const held = Array.from({ length: passwordHashing.slots }, heldTask);
    const holding = held.map((task) => passwordHashing.run(task.task));

    let answered = 0;
    const count = () => (answered += 1);
    // Two guesses at the admin's password, which are checked, then new e-mails, which need no hash.
    const flood = [0, 1].map(() => signIn(call, FLOOD, { ...ADMIN, password: 'guess' }).finally(count));
    let admin: ReturnType<typeof signIn> | undefined;
    try {
      await until(() => passwordHashing.load.waiting === 2);
      flood.push(
        ...Array.from({ length: 98 }, (_, i) =>
          signIn(call, FLOOD, { email: `flood-${i}@example.com`, password: 'guess' }).finally(count),
        ),
      );
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
    const times = (message: string) => messages.filter((each) => each === message).length;
    expect(times('401 Invalid email or password')).toBe(2);
    expect(times('429 Too many sign-in attempts at once. Try again in a moment.')).toBe(18);
    expect(times('429 Too many failed sign-in attempts. Try again later.')).toBe(80);
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

  it('counts the attempts of every server on one database: failures on one lock the e-mail out on the other', async () => {
    const first = await makeServer();
    const second = await makeServer({ databaseUrl: first.databaseUrl, dataDir: first.dataDir });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { call } = attempt % 2 === 0 ? first : second;
      expect((await signIn(call, FLOOD, { ...ADMIN, password: 'wrong-password' })).status).toBe(401);
    }
    expect((await signIn(first.call, FLOOD, ADMIN)).status).toBe(429);
    expect((await signIn(second.call, FLOOD, ADMIN)).status).toBe(429);
    expect((await signIn(second.call, ELSEWHERE, ADMIN)).status).toBe(200);
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

  it('gives the priority lane a slot of its own and the next free slot, and keeps its queue apart', async () => {
    const gate = new Gate(1, 2, 1);
    const open = Array.from({ length: 3 }, heldTask);
    const openRuns = open.map((held) => gate.run(held.task).then(() => 'done'));
    await expect(gate.run(() => Promise.resolve('late'))).rejects.toMatchObject({ status: 503 });
    expect(gate.refuses('open')).toBe(true);
    expect(gate.refuses('priority')).toBe(false);

    const priority = Array.from({ length: 4 }, heldTask);
    const priorityRuns = priority.map((held) =>
      gate.run(held.task, 'priority').then(
        () => 'done',
        (error: unknown) => error,
      ),
    );
    await Promise.resolve();
    // One runs in the reserved slot, two wait in their own queue, the fourth is refused.
    expect(priority.map((held) => held.started)).toEqual([true, false, false, false]);
    expect(await priorityRuns[3]).toMatchObject({ status: 503 });
    expect(gate.load).toEqual({ running: 2, waiting: 4 });

    // The open task's slot goes to the waiting priority tasks before the open ones queued earlier.
    open[0]!.finish();
    expect(await openRuns[0]).toBe('done');
    expect(priority.map((held) => held.started)).toEqual([true, true, false, false]);
    priority[0]!.finish();
    expect(await priorityRuns[0]).toBe('done');
    expect(priority.map((held) => held.started)).toEqual([true, true, true, false]);
    expect(open.map((held) => held.started)).toEqual([true, false, false]);
    priority[1]!.finish();
    await priorityRuns[1];
    priority[2]!.finish();
    await priorityRuns[2];
    // Then the open lane has its slot back, one at a time.
    await until(() => open[1]!.started);
    expect(open[2]!.started).toBe(false);
    open[1]!.finish();
    open[2]!.finish();
    expect(await Promise.all(openRuns)).toEqual(['done', 'done', 'done']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('hashes on at most half the cores with 20 waiting, one core more for the priority lane, and a failing task frees its slot', async () => {
    expect(passwordHashing.slots).toBeGreaterThanOrEqual(1);
    expect(passwordHashing.queue).toBe(20);
    expect(passwordHashing.reserved).toBe(1);
    const gate = new Gate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a sign-in with 503 and Retry-After while the queue is full, and counts it', async () => {
    const { call } = await makeServer();
    const held = Array.from({ length: passwordHashing.slots + passwordHashing.queue }, heldTask);
    const runs = held.map((task) => passwordHashing.run(task.task));
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const busy = await signIn(call, FLOOD, { ...ADMIN, password: 'wrong-password' });
        expect(busy.status).toBe(503);
        expect(busy.body).toEqual({ success: false, message: 'The server is busy. Try again in a moment.' });
        expect(busy.headers.get('retry-after')).toBe('1');
      }
      // An e-mail without an account is refused alike: the answer does not tell it apart.
      const unknown = await signIn(call, FLOOD, { email: 'nobody@example.com', password: 'x' });
      expect(unknown.status).toBe(503);
      expect(unknown.body).toEqual({ success: false, message: 'The server is busy. Try again in a moment.' });
    } finally {
      for (const task of held) task.finish();
      await Promise.all(runs);
    }
    // Five refusals count as five failures: the admin's e-mail is locked from that address.
    const locked = await signIn(call, FLOOD, ADMIN);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed sign-in attempts. Try again later.');
    expect((await signIn(call, ELSEWHERE, ADMIN)).status).toBe(200);
  });

  it('answers an e-mail with no admin behind it without a hash, as late as a check, even while hashing is busy', async () => {
    const { call, db } = await makeServer({ seedUsers: 1 });
    const member = await db.one<{ email: string }>("SELECT email FROM users WHERE role = 'user'");
    const held = Array.from({ length: passwordHashing.slots }, heldTask);
    const runs = held.map((task) => passwordHashing.run(task.task));
    const hashing = vi.spyOn(passwordHashing, 'run');
    try {
      for (const email of ['nobody@example.com', member.email]) {
        const started = performance.now();
        const answer = await signIn(call, FLOOD, { email, password: 'Admin@123' });
        expect(answer.status).toBe(401);
        expect(answer.body.message).toBe('Invalid email or password');
        // As long as a scrypt takes (tens of milliseconds), not the instant a lookup takes.
        expect(performance.now() - started).toBeGreaterThan(10);
      }
      expect(hashing).not.toHaveBeenCalled();
      expect(passwordHashing.load).toEqual({ running: passwordHashing.slots, waiting: 0 });
    } finally {
      for (const task of held) task.finish();
      await Promise.all(runs);
    }
  });

  it("keeps room for the admin's profile save and sign-ins from an address it signed in from while a flood fills the queue", async () => {
    const { call, token } = await makeServer();
    expect((await signIn(call, ELSEWHERE, ADMIN)).status).toBe(200);
    const held = Array.from({ length: passwordHashing.slots + passwordHashing.queue }, heldTask);
    const runs = held.map((task) => passwordHashing.run(task.task));
    try {
      expect((await signIn(call, FLOOD, ADMIN)).status).toBe(503);
      expect((await signIn(call, ELSEWHERE, ADMIN)).status).toBe(200);
      const same = await call('PATCH', '/api/admin/profile/update', {
        form: form({ email: ADMIN.email, password: ADMIN.password }),
        token,
      });
      expect(same.status).toBe(200);
      // A new password: checked, then hashed.
      const changed = await call('PATCH', '/api/admin/profile/update', {
        form: form({ email: ADMIN.email, password: 'n3w-password', currentPassword: ADMIN.password }),
        token: (same.body.result as { token: string }).token,
      });
      expect(changed.status).toBe(200);
      expect(passwordHashing.load).toEqual({
        running: passwordHashing.slots,
        waiting: passwordHashing.queue,
      });
    } finally {
      for (const task of held) task.finish();
      await Promise.all(runs);
    }
    expect((await signIn(call, ELSEWHERE, { ...ADMIN, password: 'n3w-password' })).status).toBe(200);
  });
});

describe('client addresses', () => {
  it('counts an IPv6 client by its /64, whichever address of it each attempt comes from', async () => {
    const { call } = await makeServer();
    for (let i = 1; i <= 20; i += 1) {
      const remote = `2001:db8:1:2:${i.toString(16)}::${i}`;
      expect((await signIn(call, remote, { email: `typo-${i}@example.com`, password: 'x' })).status).toBe(
        401,
      );
    }
    const spent = await signIn(call, '2001:db8:1:2:abcd:ef01:2345:6789', ADMIN);
    expect(spent.status).toBe(429);
    expect(spent.body.message).toBe('Too many failed sign-in attempts. Try again later.');
    expect((await signIn(call, '2001:db8:1:3::1', ADMIN)).status).toBe(200);
  });

  it('counts a client behind TRUST_PROXY by the /64 of the address the proxy appended', async () => {
    const { call } = await makeServer({ trustProxy: true });
    const from = (address: string, body: Record<string, unknown>) =>
      call('POST', '/api/login', {
        json: { isRole: 'admin', ...body },
        token: null,
        headers: { 'X-Forwarded-For': `192.0.2.1, ${address}` },
      });
    for (let i = 1; i <= 20; i += 1)
      expect(
        (await from(`2001:db8:a:b::${i}`, { email: `typo-${i}@example.com`, password: 'x' })).status,
      ).toBe(401);
    expect((await from('[2001:db8:a:b:ffff::1]', ADMIN)).status).toBe(429);
    expect((await from('2001:db8:a:c::1', ADMIN)).status).toBe(200);
  });

  it('keys IPv4 as it is, IPv6 by its /64 and IPv4-mapped IPv6 as its IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('0:0:0:0:0:FFFF:CB00:7107')).toBe('203.0.113.7');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(addressKey('[2001:db8:0:1::2]')).toBe('2001:db8:0:1::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
