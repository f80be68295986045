/** Path templates of an OpenAPI document (`/api/v1/links/{id}`): matching and filling them in. */

/** `/api/v1/links/{id}` with its parameters filled in from `values` (a UUID by default). */
export function fillTemplate(template: string, values: Record<string, string> = {}): string {
  return template.replace(
    /\{([^}]+)\}/g,
    (_match, name: string) => values[name] ?? '5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
  );
}

/** A request URL without its query. */
export function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function segmentsOf(path: string): string[] {
  return path.split('/');
}

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** Whether a path fits a template (`{name}` matches any non-empty segment). */
export function templateMatches(template: string, path: string): boolean {
  const expected = segmentsOf(template);
  const actual = segmentsOf(path);
  if (expected.length !== actual.length) return false;
  return expected.every((segment, index) => {
    const value = actual[index]!;
    if (isParameter(segment)) return value !== '';
    return segment === value;
  });
}

/** Orders templates as the router prefers them: at the first differing segment, static first. */
export function compareTemplates(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const staticLeft = !isParameter(left[index]!);
    const staticRight = !isParameter(right[index]!);
    if (staticLeft !== staticRight) return staticLeft ? -1 : 1;
  }
  return 0;
}
