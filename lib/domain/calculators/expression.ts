import { Dec, formatNumber, roundTo } from '@/lib/domain/money';

/**
 * A safe expression language for «Свой калькулятор» over exact decimals — no `eval`, no property access,
 * nothing but numbers, names, + − × ÷ ^, comparisons (1 = true, 0 = false), parentheses and a few
 * functions. Arguments are separated by «;» as in Russian Excel, so «1,5» is a number.
 * Functions: min, max, abs, round(x; n = 2) half-up, floor, ceil, if(cond; then; else).
 */

export class ExpressionError extends Error {
  /** Position in the text (0-based) when known. */
  readonly at?: number;
  constructor(message: string, at?: number) {
    super(message);
    this.name = 'ExpressionError';
    this.at = at;
  }
}

type Node =
  | { t: 'num'; v: Dec }
  | { t: 'name'; name: string; at: number }
  | { t: 'neg'; a: Node }
  | { t: 'bin'; op: string; a: Node; b: Node; at: number }
  | { t: 'call'; fn: string; args: Node[]; at: number };

type Tok = { k: 'num' | 'name' | 'op' | 'end'; v: string; at: number };

export const MAX_EXPRESSION_LENGTH = 500;
const MAX_DEPTH = 40;
const NAME = /^[A-Za-zА-Яа-яЁё_][A-Za-zА-Яа-яЁё_0-9]*$/;
export const isValidName = (n: string) => NAME.test(n) && !(n.toLowerCase() in FUNCTIONS);

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const num = /^\d+(?:[.,]\d+)?/.exec(src.slice(i));
    if (num) {
      toks.push({ k: 'num', v: num[0].replace(',', '.'), at: i });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-zА-Яа-яЁё_][A-Za-zА-Яа-яЁё_0-9]*/.exec(src.slice(i));
    if (name) {
      toks.push({ k: 'name', v: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const op = /^(<=|>=|<>|[-+*/^()<>=;×÷−])/.exec(src.slice(i));
    if (op) {
      const v = op[0] === '×' ? '*' : op[0] === '÷' ? '/' : op[0] === '−' ? '-' : op[0];
      toks.push({ k: 'op', v, at: i });
      i += op[0].length;
      continue;
    }
    throw new ExpressionError(`Непонятный символ «${c}» в позиции ${i + 1}.`, i);
  }
  toks.push({ k: 'end', v: '', at: src.length });
  return toks;
}

/** Parses an expression; throws ExpressionError with a Russian message. */
export function parseExpression(src: string): Node {
  if (src.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError(`Формула длиннее ${MAX_EXPRESSION_LENGTH} символов.`);
  const toks = tokenize(src);
  let p = 0;
  let depth = 0;
  const peek = () => toks[p]!;
  const take = () => toks[p++]!;
  const expectOp = (v: string) => {
    const t = take();
    if (t.k !== 'op' || t.v !== v) throw new ExpressionError(`Ожидается «${v}» в позиции ${t.at + 1}.`, t.at);
  };
  const deeper = <T,>(f: () => T): T => {
    depth += 1;
    if (depth > MAX_DEPTH) throw new ExpressionError('Слишком глубокая вложенность скобок.');
    try {
      return f();
    } finally {
      depth -= 1;
    }
  };
  const compare = (): Node => {
    const a = sumExpr();
    const t = peek();
    if (t.k === 'op' && ['<', '>', '<=', '>=', '=', '<>'].includes(t.v)) {
      take();
      return { t: 'bin', op: t.v, a, b: sumExpr(), at: t.at };
    }
    return a;
  };
  const sumExpr = (): Node => {
    let a = product();
    for (let t = peek(); t.k === 'op' && (t.v === '+' || t.v === '-'); t = peek()) {
      take();
      a = { t: 'bin', op: t.v, a, b: product(), at: t.at };
    }
    return a;
  };
  const product = (): Node => {
    let a = unary();
    for (let t = peek(); t.k === 'op' && (t.v === '*' || t.v === '/'); t = peek()) {
      take();
      a = { t: 'bin', op: t.v, a, b: unary(), at: t.at };
    }
    return a;
  };
  const unary = (): Node =>
    deeper(() => {
      const t = peek();
      if (t.k === 'op' && (t.v === '-' || t.v === '+')) {
        take();
        const a = unary();
        return t.v === '-' ? { t: 'neg', a } : a;
      }
      return power();
    });
  const power = (): Node => {
    const a = atom();
    const t = peek();
    if (t.k === 'op' && t.v === '^') {
      take();
      return { t: 'bin', op: '^', a, b: unary(), at: t.at };
    }
    return a;
  };
  const atom = (): Node => {
    const t = take();
    if (t.k === 'num') return { t: 'num', v: new Dec(t.v) };
    if (t.k === 'name') {
      const n = peek();
      if (n.k === 'op' && n.v === '(') {
        take();
        const fn = t.v.toLowerCase();
        if (!(fn in FUNCTIONS)) throw new ExpressionError(`Нет функции «${t.v}». Есть: ${Object.keys(FUNCTIONS).join(', ')}.`, t.at);
        const args: Node[] = [];
        if (!(peek().k === 'op' && peek().v === ')')) {
          args.push(deeper(compare));
          while (peek().k === 'op' && peek().v === ';') {
            take();
            args.push(deeper(compare));
          }
        }
        expectOp(')');
        return { t: 'call', fn, args, at: t.at };
      }
      return { t: 'name', name: t.v, at: t.at };
    }
    if (t.k === 'op' && t.v === '(') {
      const e = deeper(compare);
      expectOp(')');
      return e;
    }
    throw new ExpressionError(t.k === 'end' ? 'Формула обрывается: не хватает числа или имени.' : `Неожиданное «${t.v}» в позиции ${t.at + 1}.`, t.at);
  };
  const tree = compare();
  const rest = peek();
  if (rest.k !== 'end') throw new ExpressionError(`Лишнее «${rest.v}» в позиции ${rest.at + 1}.`, rest.at);
  return tree;
}

const arity = (fn: string, args: Dec[], min: number, max: number) => {
  if (args.length < min || args.length > max) {
    throw new ExpressionError(min === max ? `Функции ${fn} нужно аргументов: ${min}.` : `Функции ${fn} нужно от ${min} до ${max} аргументов.`);
  }
};
const FUNCTIONS: Record<string, (args: Dec[]) => Dec> = {
  min: (a) => (arity('min', a, 1, 50), Dec.min(...a)),
  max: (a) => (arity('max', a, 1, 50), Dec.max(...a)),
  abs: (a) => (arity('abs', a, 1, 1), a[0]!.abs()),
  round: (a) => (arity('round', a, 1, 2), roundTo(a[0]!, a[1] ? a[1].toNumber() : 2)),
  floor: (a) => (arity('floor', a, 1, 1), a[0]!.floor()),
  ceil: (a) => (arity('ceil', a, 1, 1), a[0]!.ceil()),
  if: (a) => (arity('if', a, 3, 3), a[0]!.isZero() ? a[2]! : a[1]!),
};

/** Names an expression reads (for checking the order of formulas). */
export function namesIn(node: Node, out = new Set<string>()): Set<string> {
  if (node.t === 'name') out.add(node.name);
  else if (node.t === 'neg') namesIn(node.a, out);
  else if (node.t === 'bin') {
    namesIn(node.a, out);
    namesIn(node.b, out);
  } else if (node.t === 'call') node.args.forEach((a) => namesIn(a, out));
  return out;
}

const bool = (b: boolean) => new Dec(b ? 1 : 0);

/** Evaluates a parsed expression with the given values. */
export function evaluate(node: Node, scope: Record<string, Dec>): Dec {
  switch (node.t) {
    case 'num':
      return node.v;
    case 'name': {
      const v = scope[node.name];
      if (!v) throw new ExpressionError(`Неизвестное имя «${node.name}».`, node.at);
      return v;
    }
    case 'neg':
      return evaluate(node.a, scope).neg();
    case 'call':
      return FUNCTIONS[node.fn]!(node.args.map((a) => evaluate(a, scope)));
    case 'bin': {
      const a = evaluate(node.a, scope);
      const b = evaluate(node.b, scope);
      switch (node.op) {
        case '+':
          return a.plus(b);
        case '-':
          return a.minus(b);
        case '*':
          return a.times(b);
        case '/':
          if (b.isZero()) throw new ExpressionError('Деление на ноль.', node.at);
          return a.div(b);
        case '^':
          if (!b.isInteger() || b.abs().gt(1000)) throw new ExpressionError('Степень — целое число от −1000 до 1000.', node.at);
          if (a.isZero() && b.isNeg()) throw new ExpressionError('Деление на ноль.', node.at);
          return a.pow(b);
        case '<':
          return bool(a.lt(b));
        case '>':
          return bool(a.gt(b));
        case '<=':
          return bool(a.lte(b));
        case '>=':
          return bool(a.gte(b));
        case '=':
          return bool(a.eq(b));
        default:
          return bool(!a.eq(b));
      }
    }
  }
}

/** The expression with every name replaced by its value, for a step: «1 000 × 22 / 100». */
export function substitute(src: string, scope: Record<string, Dec>): string {
  return src.replace(/[A-Za-zА-Яа-яЁё_][A-Za-zА-Яа-яЁё_0-9]*/g, (n) => (scope[n] ? formatNumber(roundTo(scope[n]!, 4)) : n)).replace(/\*/g, '×');
}

