import type { ApiKeyAuthority } from './types.js';

/** What `@idv/server/cloud-keys` exports (the database-backed key authority of the cloud-services keys). */
export interface CloudKeysModule {
  openCloudKeyAuthority(options: {
    dataDir?: string;
    databaseUrl?: string;
  }): Promise<ApiKeyAuthority & { close(): Promise<void> | void }>;
}

/**
 * Loads the database-backed authority from the optional peer `@idv/server` (no build-time cycle:
 * the server depends on this package, not the other way round). Throws a clear error when the
 * verification server package is not installed beside this one.
 */
export async function openSharedKeyAuthority(options: {
  dataDir?: string;
  databaseUrl?: string;
}): Promise<ApiKeyAuthority & { close(): Promise<void> | void }> {
  const specifier = '@idv/server/cloud-keys';
  let module: CloudKeysModule;
  try {
    module = (await import(specifier)) as CloudKeysModule;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' ||
      code === 'MODULE_NOT_FOUND'
    )
      throw new Error(
        'Keys shared with the verification server need the @idv/server package (its "cloud-keys" export) ' +
          'installed beside @idv/analysis. Install it, or start with --api-key for a static key.',
        { cause: error },
      );
    throw error;
  }
  if (typeof module.openCloudKeyAuthority !== 'function')
    throw new Error(
      '@idv/server/cloud-keys does not export openCloudKeyAuthority(); the installed @idv/server is too old.',
    );
  return module.openCloudKeyAuthority(options);
}
