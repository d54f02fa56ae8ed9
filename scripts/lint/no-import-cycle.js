import ts from 'typescript';

/**
 * Refuses an import that closes a cycle: the imported file leads back, import by import, to the
 * importing file. Unlike import-x/no-cycle, a type-only import counts, because a cycle of types is
 * still two files that cannot be understood, moved or tested one without the other.
 *
 * It reads the TypeScript program that typed linting has already built, finds the strongly
 * connected files of its import graph once per program, and then checks each import in constant
 * time, so it costs one pass over the program's files rather than one search per import.
 */

/** @type {WeakMap<ts.Program, ImportGraph>} */
const graphs = new WeakMap();

/**
 * @typedef {object} ImportGraph
 * @property {Map<string, string[]>} edges each project file to the project files it imports
 * @property {Map<string, number>} component each file in a cycle to its cycle's number
 * @property {(specifier: string, fromFile: string) => string | undefined} resolve
 */

/** @param {string} path */
const real = (path) => ts.sys.realpath?.(path) ?? path;

/** @param {ts.SourceFile} sourceFile @returns {ts.StringLiteralLike[]} */
function moduleSpecifiers(sourceFile) {
  /** @type {ts.StringLiteralLike[]} */
  const specifiers = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteralLike(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteralLike(literal)) specifiers.push(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

/** @param {ts.Program} program @returns {ImportGraph} */
function buildGraph(program) {
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(
    program.getCurrentDirectory(),
    (name) => name,
    options,
  );
  const projectFiles = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file));
  /** @type {(specifier: string, fromFile: string) => string | undefined} */
  const resolve = (specifier, fromFile) => {
    const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys, cache);
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) return undefined;
    return real(resolvedModule.resolvedFileName);
  };
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const file of projectFiles) {
    const targets = moduleSpecifiers(file)
      .map((specifier) => resolve(specifier.text, file.fileName))
      .filter((target) => target !== undefined);
    edges.set(real(file.fileName), [...new Set(targets)]);
  }
  return { edges, component: stronglyConnected(edges), resolve };
}

/**
 * Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack. Returns each
 * file that lies on a cycle with the number of its strongly connected component.
 * @param {Map<string, string[]>} edges
 */
function stronglyConnected(edges) {
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const lowLink = new Map();
  /** @type {Set<string>} */
  const onStack = new Set();
  /** @type {string[]} */
  const stack = [];
  /** @type {Map<string, number>} */
  const component = new Map();
  let nextIndex = 0;
  let nextComponent = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    /** @type {{ file: string, next: number }[]} */
    const work = [{ file: root, next: 0 }];
    index.set(root, nextIndex);
    lowLink.set(root, nextIndex++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = /** @type {{ file: string, next: number }} */ (work.at(-1));
      const targets = edges.get(frame.file) ?? [];
      if (frame.next < targets.length) {
        const target = /** @type {string} */ (targets[frame.next++]);
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, nextIndex);
          lowLink.set(target, nextIndex++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(
            frame.file,
            Math.min(Number(lowLink.get(frame.file)), Number(index.get(target))),
          );
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) {
        lowLink.set(
          parent.file,
          Math.min(Number(lowLink.get(parent.file)), Number(lowLink.get(frame.file))),
        );
      }
      if (lowLink.get(frame.file) !== index.get(frame.file)) continue;
      /** @type {string[]} */
      const members = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.file);
      const selfImport = (edges.get(frame.file) ?? []).includes(frame.file);
      if (members.length > 1 || selfImport) {
        for (const file of members) component.set(file, nextComponent);
        nextComponent++;
      }
    }
  }
  return component;
}

/**
 * The shortest way back from `from` to `to` inside their cycle, for the message.
 * @param {ImportGraph} graph @param {string} from @param {string} to
 */
function pathBack(graph, from, to) {
  const cycle = graph.component.get(from);
  /** @type {Map<string, string>} */
  const cameFrom = new Map();
  const queue = [from];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    if (file === to) break;
    for (const target of graph.edges.get(file) ?? []) {
      if (seen.has(target) || graph.component.get(target) !== cycle) continue;
      seen.add(target);
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  const path = [to];
  while (path[0] !== from)
    path.unshift(/** @type {string} */ (cameFrom.get(/** @type {string} */ (path[0]))));
  return path;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse an import, type-only or not, that closes an import cycle.' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}' },
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    let graph = graphs.get(program);
    if (!graph) {
      graph = buildGraph(program);
      graphs.set(program, graph);
    }
    const { component, resolve } = graph;
    const importer = real(context.physicalFilename);
    const cycle = component.get(importer);
    if (cycle === undefined) return {};
    const cwd = context.cwd;
    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolve(source.value, importer);
      if (target === undefined || component.get(target) !== cycle) return;
      const path = [importer, ...pathBack(/** @type {ImportGraph} */ (graph), target, importer)];
      context.report({
        node: source,
        messageId: 'cycle',
        data: { path: path.map((file) => file.slice(cwd.length + 1)).join(' -> ') },
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      /** @param {{ argument: { type: string, literal?: import('estree').Node } }} node */
      TSImportType: (node) => {
        if (node.argument.type === 'TSLiteralType') check(node.argument.literal);
      },
    };
  },
};
