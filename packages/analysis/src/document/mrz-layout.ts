/** Where each part of a TD1, TD2 and TD3 machine-readable zone sits (ICAO 9303 parts 4–6). */

/** What a run of MRZ positions may hold. */
export type MrzCharClass = 'alpha' | 'numeric' | 'alnum' | 'sex';

/** A run of positions on one line. */
export interface MrzSegment {
  line: number;
  start: number;
  /** Exclusive. */
  end: number;
  kind: MrzCharClass;
}

/** A check digit and the runs of data it protects. */
export interface MrzCheckSpec {
  name: 'documentNumber' | 'birthDate' | 'expirationDate' | 'personalNumber' | 'composite';
  data: MrzSegment[];
  digit: { line: number; column: number };
}

/** Layout of one format. */
export interface MrzLayout {
  format: 'TD1' | 'TD2' | 'TD3';
  lines: number;
  length: number;
  segments: MrzSegment[];
  checks: MrzCheckSpec[];
}

const seg = (line: number, start: number, end: number, kind: MrzCharClass): MrzSegment => ({
  line,
  start,
  end,
  kind,
});

/**
 * TD2 and TD3 share one shape: names on line 1; on line 2 document number, nationality, birth date,
 * sex, expiry, optional data (TD3: a personal number with its own digit) and the composite digit.
 */
function twoLineLayout(format: 'TD2' | 'TD3', length: 36 | 44): MrzLayout {
  const optionalEnd = format === 'TD3' ? 42 : length - 1;
  const checks: MrzCheckSpec[] = [
    { name: 'documentNumber', data: [seg(1, 0, 9, 'alnum')], digit: { line: 1, column: 9 } },
    { name: 'birthDate', data: [seg(1, 13, 19, 'numeric')], digit: { line: 1, column: 19 } },
    { name: 'expirationDate', data: [seg(1, 21, 27, 'numeric')], digit: { line: 1, column: 27 } },
  ];
  if (format === 'TD3')
    checks.push({
      name: 'personalNumber',
      data: [seg(1, 28, 42, 'alnum')],
      digit: { line: 1, column: 42 },
    });
  checks.push({
    name: 'composite',
    data: [seg(1, 0, 10, 'alnum'), seg(1, 13, 20, 'numeric'), seg(1, 21, length - 1, 'alnum')],
    digit: { line: 1, column: length - 1 },
  });
  return {
    format,
    lines: 2,
    length,
    segments: [
      seg(0, 0, 2, 'alpha'),
      seg(0, 2, 5, 'alpha'),
      seg(0, 5, length, 'alpha'),
      seg(1, 0, 9, 'alnum'),
      seg(1, 9, 10, 'numeric'),
      seg(1, 10, 13, 'alpha'),
      seg(1, 13, 20, 'numeric'),
      seg(1, 20, 21, 'sex'),
      seg(1, 21, 28, 'numeric'),
      seg(1, 28, optionalEnd, 'alnum'),
      seg(1, optionalEnd, length, 'numeric'),
    ],
    checks,
  };
}

export const MRZ_LAYOUTS: readonly MrzLayout[] = [
  {
    format: 'TD1',
    lines: 3,
    length: 30,
    segments: [
      seg(0, 0, 2, 'alpha'),
      seg(0, 2, 5, 'alpha'),
      seg(0, 5, 14, 'alnum'),
      seg(0, 14, 15, 'numeric'),
      seg(0, 15, 30, 'alnum'),
      seg(1, 0, 7, 'numeric'),
      seg(1, 7, 8, 'sex'),
      seg(1, 8, 15, 'numeric'),
      seg(1, 15, 18, 'alpha'),
      seg(1, 18, 29, 'alnum'),
      seg(1, 29, 30, 'numeric'),
      seg(2, 0, 30, 'alpha'),
    ],
    checks: [
      { name: 'documentNumber', data: [seg(0, 5, 14, 'alnum')], digit: { line: 0, column: 14 } },
      { name: 'birthDate', data: [seg(1, 0, 6, 'numeric')], digit: { line: 1, column: 6 } },
      { name: 'expirationDate', data: [seg(1, 8, 14, 'numeric')], digit: { line: 1, column: 14 } },
      {
        name: 'composite',
        data: [
          seg(0, 5, 30, 'alnum'),
          seg(1, 0, 7, 'numeric'),
          seg(1, 8, 15, 'numeric'),
          seg(1, 18, 29, 'alnum'),
        ],
        digit: { line: 1, column: 29 },
      },
    ],
  },
  twoLineLayout('TD2', 36),
  twoLineLayout('TD3', 44),
];
