import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** The bytes from `start` to `end`, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Bytes to store: a stream, or any async source of chunks (a checking generator, say). */
export type FileContent = Readable | AsyncIterable<Uint8Array>;

/**
 * Where uploaded files live, whatever holds them (a folder, an S3 bucket). Keys are generated
 * by `newStorageKey`, never taken from a request, and adapters refuse any other shape.
 *
 * A file is written in two steps so that a crash or an aborted request never leaves a half
 * file under a real key: `writeTemporary` streams to a temporary key, `promote` then makes
 * the complete file appear under its final key at once, and `sweepTemporary` removes what a
 * crash left behind.
 */
export interface FileStorage {
  /**
   * Streams `content` to a new temporary key and returns that key. When the content fails
   * (a check throws, the client goes away), it rejects with that error and keeps nothing.
   */
  writeTemporary(content: FileContent): Promise<string>;
  /** Moves a complete temporary file to `key`, all at once: readers see all of it or nothing. */
  promote(temporaryKey: string, key: string): Promise<void>;
  /**
   * The stored bytes, streamed, or only those of `range` (a satisfiable one: its caller knows the
   * file's size); null when nothing is stored under `key`.
   */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the file under `key`; removing what is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Removes temporary files last written before `olderThan`; answers how many went. */
  sweepTemporary(olderThan: Date): Promise<number>;
  /** Lets go of open connections, at shutdown. */
  close(): void;
}

/** Temporary files live under their own prefix, so a sweep can never touch a final file. */
export const TEMPORARY_PREFIX = 'tmp';

const KEY_SHAPE = /^[a-z][a-z0-9-]*\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh, unguessable key in a namespace such as `documents`; the name never comes from a user. */
export function newStorageKey(namespace: string): string {
  return checkedKey(`${namespace}/${randomUUID()}`);
}

export function newTemporaryKey(): string {
  return newStorageKey(TEMPORARY_PREFIX);
}

/** True for a key of the shape `newStorageKey` makes, whoever wrote it down (a backup, say). */
export function isStorageKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

/** True for a temporary key this code made; a shared bucket may hold others' objects under tmp/. */
export function isTemporaryKey(key: string): boolean {
  return isStorageKey(key) && key.startsWith(`${TEMPORARY_PREFIX}/`);
}

/**
 * Every adapter passes keys through here before touching storage: a key is a namespace and a
 * UUID, so it cannot climb out of the storage folder or name another bucket's object.
 */
export function checkedKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
