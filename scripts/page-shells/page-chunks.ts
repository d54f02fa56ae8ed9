/** What the build knows of one output chunk: its file, the module it stands for, its imports. */
export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  /** The modules bundled in it (absolute ids). */
  moduleIds: readonly string[];
  /** Chunks it imports statically: they load before it runs. */
  imports: readonly string[];
}

/** Every chunk file that must load before `start` runs, `start` first. */
export function staticClosure(chunks: ReadonlyMap<string, ChunkNode>, start: string): string[] {
  const order: string[] = [];
  const visit = (fileName: string) => {
    if (order.includes(fileName)) return;
    const chunk = chunks.get(fileName);
    if (!chunk) throw new Error(`The bundle has no chunk ${fileName}.`);
    order.push(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(start);
  return order;
}

/** The chunk that holds module `moduleId`, which a dynamic import of it loads. */
export function chunkOfModule(chunks: ReadonlyMap<string, ChunkNode>, moduleId: string): string {
  for (const chunk of chunks.values())
    if (chunk.moduleIds.includes(moduleId)) return chunk.fileName;
  throw new Error(`No chunk holds ${moduleId}: was it renamed?`);
}

/**
 * The chunks a first load of a page needs beyond the entry's (which index.html loads already):
 * the lazily loaded modules `moduleIds` with all they import, each file once.
 */
export function chunksBeyondEntry(
  chunks: ReadonlyMap<string, ChunkNode>,
  moduleIds: readonly string[],
): string[] {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The bundle has no entry chunk.');
  const loaded = new Set(staticClosure(chunks, entry.fileName));
  const needed: string[] = [];
  for (const moduleId of moduleIds) {
    for (const fileName of staticClosure(chunks, chunkOfModule(chunks, moduleId))) {
      if (!loaded.has(fileName)) {
        loaded.add(fileName);
        needed.push(fileName);
      }
    }
  }
  return needed;
}
