import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';

/** How long the listener waits before reconnecting after losing its connection, ms (doubling). */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * The notification channels of the server. Each is scoped to the connection's schema
 * (`{channel}.{schema}`): deployments (and test apps) sharing one PostgreSQL database in
 * different schemas never wake each other.
 */
export type NotificationChannel =
  /** Webhook deliveries were queued or given back: a delivery worker may find work. */
  | 'webhooks'
  /** Access tokens were revoked: token caches drop what they hold. */
  | 'tokens'
  /** Company settings changed: caches of company rows drop what they hold. */
  | 'companies';

/** The channel's name in the schema `schema` (a PostgreSQL identifier of at most 63 bytes). */
export function channelName(channel: NotificationChannel, schema: string): string {
  return `idv.${channel}.${schema}`.slice(0, 63);
}

/**
 * An SQL expression that notifies `channel` when the statement's transaction commits (nothing if
 * it rolls back), scoped to the schema the connection works in as `channelName` names it.
 * `DatabaseHandle.notify` runs it; a single statement may embed it to notify without a round trip.
 */
export function notifyExpression(channel: NotificationChannel): RawBuilder<unknown> {
  return sql`pg_notify(left(${`idv.${channel}.`}::text || current_schema(), 63), '')`;
}

/** Quotes an identifier for LISTEN (which takes no bind parameter). */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Receives a channel's notifications; `missed` is true after a reconnection (some may have been lost). */
export type NotificationHandler = (missed: boolean) => void;

/**
 * One dedicated PostgreSQL connection per process that `LISTEN`s on the server's channels and
 * calls their handlers. Opened on the first subscription. When the connection is lost it is
 * opened again (100 ms, doubling to 5 s), and once listening again every handler is called with
 * `missed: true`, since notifications sent meanwhile were not received: handlers treat a
 * notification as a hint and re-read the database, never as the data itself.
 */
export class PgNotificationListener {
  readonly #handlers = new Map<NotificationChannel, Set<NotificationHandler>>();
  #client: pg.Client | undefined;
  #schema: string | undefined;
  #connecting: Promise<void> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryDelay = RECONNECT_FIRST_MS;
  #closed = false;
  #everConnected = false;

  constructor(
    private readonly connectionString: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Calls `handler` on each notification of `channel`; answers the unsubscription. */
  listen(channel: NotificationChannel, handler: NotificationHandler): () => void {
    let set = this.#handlers.get(channel);
    const added = set === undefined;
    if (set === undefined) {
      set = new Set();
      this.#handlers.set(channel, set);
    }
    set.add(handler);
    if (this.#client === undefined) this.#connect();
    else if (added && this.#schema !== undefined)
      this.#client
        .query(`listen ${quoteIdentifier(channelName(channel, this.#schema))}`)
        .catch((error: unknown) => this.onError(error));
    return () => {
      this.#handlers.get(channel)?.delete(handler);
    };
  }

  /** Resolves once the listening connection is up (or at once when it is not being opened). */
  async ready(): Promise<void> {
    await this.#connecting;
  }

  #connect(): void {
    if (this.#closed || this.#connecting !== undefined) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    this.#client = client;
    const lost = (error?: unknown) => {
      if (this.#client !== client) return;
      this.#client = undefined;
      this.#schema = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.#closed) return;
      if (error !== undefined) this.onError(error);
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        this.#connect();
      }, this.#retryDelay);
      this.#retryTimer.unref();
      this.#retryDelay = Math.min(this.#retryDelay * 2, RECONNECT_MAX_MS);
    };
    client.on('error', (error) => lost(error));
    client.on('end', () => lost());
    client.on('notification', (message) => {
      for (const [channel, handlers] of this.#handlers)
        if (this.#schema !== undefined && message.channel === channelName(channel, this.#schema))
          for (const handler of handlers) handler(false);
    });
    this.#connecting = (async () => {
      try {
        await client.connect();
        const { rows } = await client.query<{ schema: string }>(
          'select current_schema() as schema',
        );
        const schema = rows[0]!.schema;
        // A channel subscribed while these run is listened to by the loop's next turn.
        const listened = new Set<NotificationChannel>();
        for (;;) {
          const next = [...this.#handlers.keys()].find((channel) => !listened.has(channel));
          if (next === undefined) break;
          listened.add(next);
          await client.query(`listen ${quoteIdentifier(channelName(next, schema))}`);
        }
        if (this.#client !== client) return;
        this.#schema = schema;
        this.#retryDelay = RECONNECT_FIRST_MS;
        // Anything notified while no connection listened is lost: let each handler look again.
        if (this.#everConnected)
          for (const handlers of this.#handlers.values())
            for (const handler of handlers) handler(true);
        this.#everConnected = true;
      } catch (error) {
        lost(error);
      } finally {
        this.#connecting = undefined;
      }
    })();
  }

  /** Whether the listening connection is up (for tests and health reports). */
  get listening(): boolean {
    return this.#schema !== undefined;
  }

  /** The backend process id of the listening connection (tests end it to prove reconnection). */
  async backendPid(): Promise<number | undefined> {
    if (this.#client === undefined || this.#schema === undefined) return undefined;
    const { rows } = await this.#client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return rows[0]?.pid;
  }

  /** Closes the connection; no handler is called afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    await this.#connecting;
    const client = this.#client;
    this.#client = undefined;
    this.#schema = undefined;
    this.#handlers.clear();
    if (client !== undefined) await client.end().catch(() => undefined);
  }
}
