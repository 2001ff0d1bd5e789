import pg from 'pg';

export type Listener = {
  /** Whether the connection is up and listening (tests). */
  readonly listening: boolean;
  /** The backend's pid of the listening connection, while it listens (tests end it to see it come back). */
  readonly backendPid: number | undefined;
  close(): Promise<void>;
};

/**
 * A connection of its own (a pooled one would be given back and lose its LISTEN) that listens on `channel` and calls
 * `onNotify` for every notification: NOTIFY is how one server process tells the others' workers that work is
 * waiting. A lost connection (the database restarting, a network cut) is made again every `retryMs` until it listens
 * again; `onNotify` is then called once, for what was sent meanwhile. Resolves after the first try, listening or not:
 * the callers poll as well, so a missed notification delays work, never loses it.
 */
export async function listen(
  url: string,
  channel: string,
  onNotify: () => void,
  options: { retryMs?: number } = {},
): Promise<Listener> {
  const retryMs = options.retryMs ?? 1000;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let lastLogged = 0;

  const lost = (current: pg.Client, error?: Error) => {
    if (client !== current) return;
    client = undefined;
    listening = false;
    current.removeAllListeners('notification');
    void current.end().catch(() => undefined);
    if (closed) return;
    if (error && Date.now() - lastLogged > 60_000) {
      lastLogged = Date.now();
      console.error(`Listening for ${channel} failed, trying again: ${error.message}`);
    }
    retry ??= setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, retryMs);
    retry.unref();
  };

  async function connect(again: boolean) {
    const current = new pg.Client({
      connectionString: url,
      application_name: `listen ${channel}`,
      keepAlive: true,
    });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current));
    current.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await current.connect();
      await current.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(current, error as Error);
      return;
    }
    if (client !== current) {
      // Closed meanwhile.
      await current.end().catch(() => undefined);
      return;
    }
    listening = true;
    if (again) onNotify();
  }

  await connect(false);
  return {
    get listening() {
      return listening;
    },
    get backendPid() {
      return listening ? (client as unknown as { processID?: number } | undefined)?.processID : undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
