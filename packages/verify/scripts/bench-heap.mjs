// The bench's reading of the page's JS heap: a heap snapshot taken over the DevTools protocol
// (`HeapProfiler.takeHeapSnapshot`), summed by constructor as DevTools' Summary view groups it,
// and two such snapshots compared, to see what a flow leaves behind.
//
// A snapshot is a graph: `nodes` and `edges` as flat integer arrays described by `snapshot.meta`,
// names in `strings`. Node 0 is the root. A node's retained size is what would be freed with it:
// its own size plus that of every node it dominates (every path from the root to them passes
// through it); weak edges retain nothing. Node ids are stable across snapshots of one page, so an
// id the first snapshot does not hold is an object allocated after it: one still alive in the
// second snapshot is what stays (the "three snapshots" technique of DevTools' documentation).
import { writeFileSync } from 'node:fs';

/**
 * Takes a heap snapshot of the page behind `cdp` (a puppeteer CDP session) and parses it. The
 * snapshot collects garbage first. `file`, if given, keeps it (for DevTools' Memory panel).
 * @param {import('puppeteer-core').CDPSession} cdp
 * @param {string} [file]
 */
export async function takeHeapSnapshot(cdp, file) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const text = chunks.join('');
  if (file) writeFileSync(file, text);
  return readHeapSnapshot(JSON.parse(text));
}

/**
 * The nodes of a parsed `.heapsnapshot` with their group (constructor, or DevTools' bracketed
 * name for strings, arrays, code…), own and retained sizes, and a shortest strong path from the
 * root for any node (`pathTo`).
 * @param {{snapshot: {meta: any}, nodes: number[], edges: number[], strings: string[]}} json
 */
export function readHeapSnapshot(json) {
  const { meta } = json.snapshot;
  const nodeFields = meta.node_fields;
  const edgeFields = meta.edge_fields;
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const N = nodeFields.length;
  const E = edgeFields.length;
  const [fType, fName, fId, fSize, fEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map(
    (f) => nodeFields.indexOf(f),
  );
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) =>
    edgeFields.indexOf(f),
  );
  const { nodes, edges, strings } = json;
  const count = nodes.length / N;
  const weak = edgeTypes.indexOf('weak');
  const elementEdge = edgeTypes.indexOf('element');
  const hiddenEdge = edgeTypes.indexOf('hidden');
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0; i < count; i += 1) firstEdge[i + 1] = firstEdge[i] + nodes[i * N + fEdges] * E;
  const strong = (e) => edges[e + eType] !== weak;
  const target = (e) => edges[e + eTo] / N;

  // Depth-first order from the root over strong edges (iterative), and each node's predecessors.
  const order = new Int32Array(count).fill(-1);
  const post = [];
  const stack = [0];
  const cursor = new Uint32Array(count);
  order[0] = 0;
  let visited = 1;
  for (let i = 0; i < count; i += 1) cursor[i] = firstEdge[i];
  while (stack.length) {
    const node = stack[stack.length - 1];
    let pushed = false;
    while (cursor[node] < firstEdge[node + 1]) {
      const e = cursor[node];
      cursor[node] += E;
      if (!strong(e)) continue;
      const to = target(e);
      if (order[to] !== -1) continue;
      order[to] = visited++;
      stack.push(to);
      pushed = true;
      break;
    }
    if (!pushed) post.push(stack.pop());
  }
  const predecessors = Array.from({ length: count }, () => []);
  for (let from = 0; from < count; from += 1) {
    if (order[from] === -1) continue;
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += E) {
      if (strong(e)) predecessors[target(e)].push(from);
    }
  }

  // Breadth-first from the root over strong edges: a shortest retainer path to each node.
  const parentEdge = new Int32Array(count).fill(-1);
  const seen = new Uint8Array(count);
  seen[0] = 1;
  for (let queue = [0], head = 0; head < queue.length; head += 1) {
    const from = queue[head];
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += E) {
      const to = target(e);
      if (!strong(e) || seen[to]) continue;
      seen[to] = 1;
      parentEdge[to] = e;
      queue.push(to);
    }
  }

  // Immediate dominators (Cooper, Harvey and Kennedy's iterative algorithm, in reverse post-order).
  const rank = new Int32Array(count).fill(-1);
  post.forEach((node, i) => (rank[node] = i));
  const dominator = new Int32Array(count).fill(-1);
  dominator[0] = 0;
  const intersect = (a, b) => {
    while (a !== b) {
      while (rank[a] < rank[b]) a = dominator[a];
      while (rank[b] < rank[a]) b = dominator[b];
    }
    return a;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (let i = post.length - 2; i >= 0; i -= 1) {
      const node = post[i];
      let idom = -1;
      for (const p of predecessors[node]) {
        if (dominator[p] === -1) continue;
        idom = idom === -1 ? p : intersect(p, idom);
      }
      if (idom !== dominator[node]) {
        dominator[node] = idom;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  for (let i = 0; i < count; i += 1) retained[i] = nodes[i * N + fSize];
  for (const node of post)
    if (node !== 0 && dominator[node] >= 0) retained[dominator[node]] += retained[node];

  const group = (i) => {
    const type = nodeTypes[nodes[i * N + fType]];
    const name = strings[nodes[i * N + fName]];
    switch (type) {
      case 'object':
      case 'native':
        return name.replace(/ \/ .*$/, '');
      case 'closure':
        return '(closure)';
      case 'string':
      case 'concatenated string':
      case 'sliced string':
        return '(string)';
      case 'array':
        return name.startsWith('(') ? name : `(${name || 'array'})`;
      case 'code':
        return '(compiled code)';
      case 'regexp':
        return '(regexp)';
      case 'number':
        return '(heap number)';
      default:
        return `(${type})`;
    }
  };
  const edgeLabel = (e) => {
    const type = edges[e + eType];
    const name = edges[e + eName];
    if (type === elementEdge || type === hiddenEdge) return `[${name}]`;
    return strings[name] ?? String(name);
  };

  return {
    count,
    /** Stable id of node `i`. */
    id: (i) => nodes[i * N + fId],
    group,
    selfSize: (i) => nodes[i * N + fSize],
    retainedSize: (i) => retained[i],
    /** Whether node `i` is reachable from the root over strong edges. */
    live: (i) => order[i] !== -1,
    /** Whether `i`'s immediate dominator is of the same group (its size is counted there). */
    nested: (i) => dominator[i] > 0 && group(dominator[i]) === group(i),
    /** A shortest strong path from the root to `i`: `edge → group` steps. */
    pathTo(i) {
      const steps = [];
      for (let node = i; node > 0 && parentEdge[node] >= 0;) {
        steps.unshift(`${edgeLabel(parentEdge[node])} → ${group(node)}`);
        node = edgeOwner(firstEdge, parentEdge[node], count);
      }
      return steps;
    },
  };
}

/** The node whose edges hold edge offset `e` (binary search over the edge starts). */
function edgeOwner(firstEdge, e, count) {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (firstEdge[mid] <= e) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Per group: count, own size and retained size (not counting an object dominated by another of
 * its group) of the live nodes of `heap`, optionally only those `keep(i)` selects.
 */
export function summarize(heap, keep = () => true) {
  const groups = new Map();
  for (let i = 1; i < heap.count; i += 1) {
    if (!heap.live(i) || !keep(i)) continue;
    const name = heap.group(i);
    const entry = groups.get(name) ?? { name, count: 0, self: 0, retained: 0, example: i };
    entry.count += 1;
    entry.self += heap.selfSize(i);
    if (!heap.nested(i)) entry.retained += heap.retainedSize(i);
    groups.set(name, entry);
  }
  return groups;
}

/**
 * What grew from snapshot `before` to `after` of one page: per group, the count and sizes in each,
 * and the objects of `after` allocated since `before` (ids it did not hold) with one retainer
 * path each for the largest such groups. Lines of text, largest growth first.
 */
export function heapDiff(before, after, rows = 15) {
  const ids = new Set();
  for (let i = 1; i < before.count; i += 1) if (before.live(i)) ids.add(before.id(i));
  const a = summarize(before);
  const b = summarize(after);
  const fresh = summarize(after, (i) => !ids.has(after.id(i)));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const names = [...new Set([...a.keys(), ...b.keys()])];
  const grown = names
    .map((name) => {
      const x = a.get(name) ?? { count: 0, self: 0, retained: 0 };
      const y = b.get(name) ?? { count: 0, self: 0, retained: 0 };
      return { name, x, y, dSelf: y.self - x.self, dCount: y.count - x.count };
    })
    .filter((g) => g.dSelf !== 0 || g.dCount !== 0)
    .sort((p, q) => q.dSelf - p.dSelf);
  const total = (m) => [...m.values()].reduce((s, g) => s + g.self, 0);
  const lines = [
    `heap snapshot diff: ${kb(total(a))} → ${kb(total(b))} own size of live objects`,
    `  group: count before → after (Δ), own size Δ, retained after`,
  ];
  for (const g of grown.slice(0, rows)) {
    lines.push(
      `  ${g.name.slice(0, 60)}: ${g.x.count} → ${g.y.count} (${g.dCount >= 0 ? '+' : ''}${g.dCount}), ${g.dSelf >= 0 ? '+' : ''}${kb(g.dSelf)}, ${kb(g.y.retained)}`,
    );
  }
  const freshTop = [...fresh.values()].sort((p, q) => q.retained - p.retained);
  lines.push(
    `  allocated since the first snapshot and still alive: ${freshTop.reduce((s, g) => s + g.count, 0)} objects, ${kb(total(fresh))} own size`,
  );
  for (const g of freshTop.slice(0, rows)) {
    lines.push(
      `  new ${g.name.slice(0, 60)}: ${g.count}, own ${kb(g.self)}, retained ${kb(g.retained)}`,
    );
    lines.push(`    held by: … ${after.pathTo(g.example).slice(-8).join(' / ')}`);
  }
  return lines;
}
