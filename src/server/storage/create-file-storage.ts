import type { StorageConfig } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { createS3Storage } from './s3-storage.js';

export function createFileStorage(config: StorageConfig): FileStorage {
  return config.driver === 's3'
    ? createS3Storage(config)
    : createLocalDiskStorage(config.directory);
}
