import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** One PRIORITY frame as tshark decoded it. */
export interface OraclePriority {
  streamId: number;
  exclusive: 0 | 1;
  dependsOn: number;
  weight: number;
}

/** What tshark saw on one TCP connection to the service. */
export interface OracleConnection {
  tcpStream: string;
  clientPort: number;
  /** `tls.handshake.ja3_full` and `tls.handshake.ja3` of the ClientHello. */
  ja3Full?: string;
  ja3?: string;
  /** Raw values of the ClientHello (GREASE included): cipher suites, extension types, groups. */
  helloValues: number[];
  /** The client's HTTP/2 frames before its first HEADERS, and that HEADERS' pseudo-headers. */
  http2?: {
    settings: Array<[number, number]>;
    windowUpdate: number | null;
    priorities: OraclePriority[];
    pseudoHeaders: string[];
  };
  /** Decrypted response bodies, in order. */
  responseBodies: string[];
  /** Decrypted response status codes, in order. */
  responseStatuses: number[];
}

type Json = Record<string, unknown>;

/**
 * Decodes a capture with tshark (using the client's TLS key log) into per-connection facts: the
 * JA3 tshark computes from each ClientHello, the client's HTTP/2 preface frames, and the
 * decrypted responses. This is the independent oracle the service is compared with.
 */
export async function readCapture(
  pcapFile: string,
  keylogFile: string,
  serverPort: number,
): Promise<OracleConnection[]> {
  const { stdout } = await execFileAsync(
    'tshark',
    [
      '-r',
      pcapFile,
      '-o',
      `tls.keylog_file:${keylogFile}`,
      '-Y',
      `tcp.port == ${serverPort} && (tls.handshake.type == 1 || http2 || http)`,
      '-T',
      'json',
      '--no-duplicate-keys',
      '-J',
      'tcp tls http2 http',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const packets = JSON.parse(stdout) as Array<{ _source: { layers: Json } }>;
  const connections = new Map<string, OracleConnection & { sawHeaders: boolean }>();
  for (const packet of packets) {
    const layers = packet._source.layers;
    const tcp = layers.tcp as Json;
    const stream = String(tcp['tcp.stream']);
    const fromClient = Number(tcp['tcp.dstport']) === serverPort;
    let connection = connections.get(stream);
    if (!connection) {
      connection = {
        tcpStream: stream,
        clientPort: Number(fromClient ? tcp['tcp.srcport'] : tcp['tcp.dstport']),
        helloValues: [],
        responseBodies: [],
        responseStatuses: [],
        sawHeaders: false,
      };
      connections.set(stream, connection);
    }
    const ja3Full = findValue(layers.tls, 'tls.handshake.ja3_full');
    const ja3 = findValue(layers.tls, 'tls.handshake.ja3');
    if (fromClient && ja3Full !== undefined) {
      connection.ja3Full = ja3Full;
      connection.ja3 = ja3;
      connection.helloValues = [
        ...findAll(layers.tls, 'tls.handshake.ciphersuite'),
        ...findAll(layers.tls, 'tls.handshake.extension.type'),
        ...findAll(layers.tls, 'tls.handshake.extensions_supported_group'),
      ].map((value) => Number(value));
    }
    for (const frame of http2Frames(layers.http2)) {
      if (fromClient) recordClientFrame(connection, frame);
      else recordServerFrame(connection, frame);
    }
    if (!fromClient && layers.http) recordHttp1Response(connection, layers.http as Json);
  }
  return [...connections.values()].map(({ sawHeaders: _, ...rest }) => rest);
}

function recordClientFrame(
  connection: OracleConnection & { sawHeaders: boolean },
  frame: Json,
): void {
  if (connection.sawHeaders) return;
  connection.http2 ??= { settings: [], windowUpdate: null, priorities: [], pseudoHeaders: [] };
  const type = Number(frame['http2.type']);
  const streamId = Number(frame['http2.streamid']);
  if (type === 4 && Number(frame['http2.flags']) === 0) {
    for (const setting of asArray(frame['http2.settings'])) {
      const entry = setting as Json;
      const id = Number(entry['http2.settings.id']);
      const valueKey = Object.keys(entry).find((key) => key !== 'http2.settings.id');
      connection.http2.settings.push([id, Number(valueKey ? entry[valueKey] : NaN)]);
    }
  } else if (type === 8 && streamId === 0 && connection.http2.windowUpdate === null) {
    connection.http2.windowUpdate = Number(frame['http2.window_update.window_size_increment']);
  } else if (type === 2) {
    connection.http2.priorities.push({
      streamId,
      exclusive: frame['http2.exclusive'] === '1' ? 1 : 0,
      dependsOn: Number(frame['http2.stream_dependency']),
      weight: Number(frame['http2.headers.weight_real']),
    });
  } else if (type === 1) {
    connection.http2.pseudoHeaders = asArray(frame['http2.header'])
      .map((header) => String((header as Json)['http2.header.name']))
      .filter((name) => name.startsWith(':'));
    connection.sawHeaders = true;
  }
}

function recordServerFrame(connection: OracleConnection, frame: Json): void {
  const type = Number(frame['http2.type']);
  if (type === 1) {
    const status = asArray(frame['http2.header']).find(
      (header) => (header as Json)['http2.header.name'] === ':status',
    ) as Json | undefined;
    if (status) connection.responseStatuses.push(Number(status['http2.header.value']));
  }
  const fragments = frame['http2.body.fragments'] as Json | undefined;
  const data = fragments?.['http2.body.reassembled.data'] ?? frame['http2.data.data'];
  if (type === 0 && typeof data === 'string' && data.length > 0) {
    connection.responseBodies.push(Buffer.from(data.replace(/:/g, ''), 'hex').toString('utf8'));
  }
}

function recordHttp1Response(connection: OracleConnection, http: Json): void {
  const code = findValue(http, 'http.response.code');
  if (code !== undefined) connection.responseStatuses.push(Number(code));
  const body = http['http.file_data'];
  if (typeof body === 'string' && body.length > 0) connection.responseBodies.push(body);
}

/** HTTP/2 frames of a packet, in order, whatever nesting tshark used. */
function http2Frames(layer: unknown): Json[] {
  return asArray(layer).flatMap((entry) => asArray((entry as Json)['http2.stream']) as Json[]);
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** First string value under `key` anywhere below `node`. */
function findValue(node: unknown, key: string): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findValue(item, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof node !== 'object' || node === null) return undefined;
  const record = node as Json;
  if (typeof record[key] === 'string') return record[key];
  for (const value of Object.values(record)) {
    const found = findValue(value, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Every string value under `key` anywhere below `node` (arrays flattened). */
function findAll(node: unknown, key: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item) => findAll(item, key));
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Json;
  const here = asArray(record[key]).filter((value): value is string => typeof value === 'string');
  const below = Object.entries(record)
    .filter(([entryKey]) => entryKey !== key)
    .flatMap(([, value]) => findAll(value, key));
  return [...here, ...below];
}
