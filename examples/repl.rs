//! An interactive calculator for intervals and queries. Run: `cargo run --example repl`.
//!
//! In a terminal it has line editing and history (rustyline); with a pipe on standard input it
//! reads line by line, so scripts and tests can drive it. Type `help` for everything.

use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, IsTerminal, Write};

use surety::intervals::exact::{to_rational, BigInt, BigRational};
use surety::prelude::*;
use surety::queries::Sides;

/// A value of the calculator.
#[derive(Clone, Copy, Debug)]
enum Value {
    Num(Interval),
    Vec(Vec3<Interval>),
    Verdict(Verdict),
    Sides(Sides),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Num(x) => write!(f, "{x}"),
            Value::Vec(v) => write!(f, "{v}"),
            Value::Verdict(v) => write!(
                f,
                "{v}   (conservative: {})",
                v.resolve(Policy::Conservative)
            ),
            Value::Sides(s) => write!(f, "{s}"),
        }
    }
}

impl Value {
    fn kind(&self) -> &'static str {
        match self {
            Value::Num(_) => "number",
            Value::Vec(_) => "vector",
            Value::Verdict(_) => "verdict",
            Value::Sides(_) => "sides",
        }
    }
}

/// What went wrong, with the column (1-based) where it did.
#[derive(Debug)]
struct Error {
    column: usize,
    message: String,
}

type Result<T> = std::result::Result<T, Error>;

fn err<T>(column: usize, message: impl Into<String>) -> Result<T> {
    Err(Error {
        column,
        message: message.into(),
    })
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Number(String),
    Ident(String),
    Op(&'static str),
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Token::Number(s) => write!(f, "the number {s}"),
            Token::Ident(s) => write!(f, "the name '{s}'"),
            Token::Op(s) => write!(f, "'{s}'"),
        }
    }
}

fn tokenize(line: &str) -> Result<Vec<(usize, Token)>> {
    let chars: Vec<char> = line.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let mut s = String::new();
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                s.push(chars[i]);
                i += 1;
            }
            if i < chars.len() && (chars[i] == 'e' || chars[i] == 'E') {
                s.push('e');
                i += 1;
                if i < chars.len() && (chars[i] == '+' || chars[i] == '-') {
                    s.push(chars[i]);
                    i += 1;
                }
                while i < chars.len() && chars[i].is_ascii_digit() {
                    s.push(chars[i]);
                    i += 1;
                }
            }
            tokens.push((start, Token::Number(s)));
        } else if c.is_alphabetic() || c == '_' || c == ':' {
            let mut s = String::new();
            while i < chars.len()
                && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == ':')
            {
                s.push(chars[i]);
                i += 1;
            }
            tokens.push((start, Token::Ident(s)));
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let op = match two.as_str() {
                "<=" => Some("<="),
                ">=" => Some(">="),
                "==" => Some("=="),
                _ => None,
            };
            if let Some(op) = op {
                tokens.push((start, Token::Op(op)));
                i += 2;
                continue;
            }
            let op = match c {
                '+' => "+",
                '-' => "-",
                '*' => "*",
                '/' => "/",
                '(' => "(",
                ')' => ")",
                '[' => "[",
                ']' => "]",
                ',' => ",",
                '=' => "=",
                '<' => "<",
                '>' => ">",
                _ => return err(start, format!("unexpected character '{c}'")),
            };
            tokens.push((start, Token::Op(op)));
            i += 1;
        }
    }
    Ok(tokens)
}

/// The most significant digits a literal may have: enough for any double (767 decide the
/// rounding of the longest), and small enough to answer at once.
const MAX_DIGITS: usize = 1000;

/// What a decimal literal such as `0.1` or `2.5e-3` is.
#[derive(Debug, PartialEq)]
enum Decimal {
    /// Its exact value: within the range where doubles can tell it from 0 and infinity.
    Exact(BigRational),
    /// Above every double (at least `10^400`).
    Huge,
    /// Positive and below every positive double (at most `10^-400`).
    Tiny,
}

/// The value of a decimal literal, without ever forming a power of ten beyond the double
/// range: a literal's magnitude lies in `[10^(e + n - 1), 10^(e + n))` for `n` significant
/// digits and exponent `e`, which settles huge and tiny ones before any big-integer work.
fn decimal(s: &str) -> Option<Decimal> {
    let (mantissa, exponent) = match s.split_once('e') {
        Some((m, e)) => {
            let (negative, digits) = match e.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, e.strip_prefix('+').unwrap_or(e)),
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            // Exponents beyond a billion all mean the same here: saturate.
            let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX).min(1_000_000_000);
            (m, if negative { -magnitude } else { magnitude })
        }
        None => (s, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if frac.contains('.') || !(int.bytes().chain(frac.bytes())).all(|b| b.is_ascii_digit()) {
        return None;
    }
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let all = format!("{int}{frac}");
    let significant = all.trim_start_matches('0');
    if significant.is_empty() {
        return Some(Decimal::Exact(BigRational::from_integer(BigInt::from(0))));
    }
    let shift = exponent - frac.len() as i64;
    let magnitude = shift + significant.len() as i64; // the value is below 10^magnitude
    if magnitude > 400 {
        return Some(Decimal::Huge);
    }
    if magnitude < -400 {
        return Some(Decimal::Tiny);
    }
    if significant.len() > MAX_DIGITS {
        return None;
    }
    let digits: BigInt = significant.parse().ok()?;
    let ten = BigInt::from(10);
    Some(Decimal::Exact(if shift >= 0 {
        BigRational::from_integer(digits * ten.pow(shift as u32))
    } else {
        BigRational::new(digits, ten.pow(shift.unsigned_abs() as u32))
    }))
}

/// The tightest interval holding the real value of a decimal literal.
fn literal(s: &str, column: usize) -> Result<Interval> {
    let not_a_number = || {
        err(
            column,
            format!("'{s}' is not a number (or has more than {MAX_DIGITS} digits)"),
        )
    };
    let exact = match decimal(s) {
        None => return not_a_number(),
        Some(Decimal::Huge) => return Ok(Interval::new(f64::MAX, f64::INFINITY).expect("ordered")),
        Some(Decimal::Tiny) => return Ok(Interval::new(0.0, f64::from_bits(1)).expect("ordered")),
        Some(Decimal::Exact(x)) => x,
    };
    let Ok(nearest) = s.parse::<f64>() else {
        return not_a_number();
    };
    let enclosed = match to_rational(nearest) {
        None => Interval::new(f64::MAX, f64::INFINITY),
        Some(n) if n == exact => Interval::point(nearest),
        Some(n) if n > exact => Interval::new(nearest.next_down(), nearest),
        Some(_) => Interval::new(nearest, nearest.next_up()),
    };
    enclosed.or_else(|e| err(column, e.to_string()))
}

/// How deep parentheses, brackets and calls may nest: far beyond any formula, far below
/// what the parser's recursion needs of a thread's stack.
const MAX_DEPTH: usize = 64;

struct Parser<'a> {
    tokens: &'a [(usize, Token)],
    pos: usize,
    end: usize,
    session: &'a Session,
    /// How many brackets, parentheses and calls enclose the current token.
    depth: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|(_, t)| t)
    }

    fn column(&self) -> usize {
        self.tokens.get(self.pos).map_or(self.end, |(c, _)| *c)
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek() == Some(&Token::Op(leak(op))) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, op: &str) -> Result<()> {
        if self.eat(op) {
            Ok(())
        } else {
            let found = self
                .peek()
                .map_or("the end of the line".to_string(), |t| t.to_string());
            err(self.column(), format!("expected '{op}', found {found}"))
        }
    }

    /// comparison := sum (('<' | '<=' | '>' | '>=' | '==') sum)?
    fn comparison(&mut self) -> Result<Value> {
        let left = self.sum()?;
        for op in ["<=", ">=", "==", "<", ">"] {
            let column = self.column();
            if self.eat(op) {
                let right = self.sum()?;
                let (a, b) = (num(left, column, op)?, num(right, column, op)?);
                let v = match op {
                    "<" => a.lt(b),
                    "<=" => a.le(b),
                    ">" => a.gt(b),
                    ">=" => a.ge(b),
                    _ => a.equals(b),
                };
                return Ok(Value::Verdict(v));
            }
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Value> {
        let mut acc = self.product()?;
        loop {
            let column = self.column();
            if self.eat("+") {
                acc = arith(acc, self.product()?, '+', column, self.session)?;
            } else if self.eat("-") {
                acc = arith(acc, self.product()?, '-', column, self.session)?;
            } else {
                return Ok(acc);
            }
        }
    }

    fn product(&mut self) -> Result<Value> {
        let mut acc = self.unary()?;
        loop {
            let column = self.column();
            if self.eat("*") {
                acc = arith(acc, self.unary()?, '*', column, self.session)?;
            } else if self.eat("/") {
                acc = arith(acc, self.unary()?, '/', column, self.session)?;
            } else {
                return Ok(acc);
            }
        }
    }

    /// unary := '-'* atom (a loop, not recursion: any number of signs is fine).
    fn unary(&mut self) -> Result<Value> {
        let column = self.column();
        let mut negate = false;
        while self.eat("-") {
            negate = !negate;
        }
        let value = self.atom()?;
        if !negate {
            return Ok(value);
        }
        match value {
            Value::Num(x) => Ok(Value::Num(-x)),
            Value::Vec(v) => Ok(Value::Vec(-v)),
            other => err(column, format!("cannot negate a {}", other.kind())),
        }
    }

    /// An atom one level deeper, refused past [`MAX_DEPTH`] levels.
    fn atom(&mut self) -> Result<Value> {
        if self.depth >= MAX_DEPTH {
            return err(
                self.column(),
                format!("nested too deeply (more than {MAX_DEPTH} levels)"),
            );
        }
        self.depth += 1;
        let value = self.atom_here();
        self.depth -= 1;
        value
    }

    fn atom_here(&mut self) -> Result<Value> {
        let column = self.column();
        match self.tokens.get(self.pos).map(|(_, t)| t.clone()) {
            Some(Token::Number(s)) => {
                self.pos += 1;
                Ok(Value::Num(self.session.round(literal(&s, column)?)))
            }
            Some(Token::Op("[")) => {
                self.pos += 1;
                let lo = num(self.sum()?, column, "[lo, hi]")?;
                self.expect(",")?;
                let hi = num(self.sum()?, column, "[lo, hi]")?;
                self.expect("]")?;
                let x = Interval::new(lo.lo(), hi.hi()).or_else(|e| err(column, e.to_string()))?;
                Ok(Value::Num(self.session.round(x)))
            }
            Some(Token::Op("(")) => {
                self.pos += 1;
                let first = self.comparison()?;
                if self.eat(",") {
                    let y = num(self.sum()?, column, "(x, y, z)")?;
                    self.expect(",")?;
                    let z = num(self.sum()?, column, "(x, y, z)")?;
                    self.expect(")")?;
                    let x = num(first, column, "(x, y, z)")?;
                    return Ok(Value::Vec(Vec3::new(x, y, z)));
                }
                self.expect(")")?;
                Ok(first)
            }
            Some(Token::Ident(name)) => {
                self.pos += 1;
                if self.eat("(") {
                    let mut args = Vec::new();
                    if !self.eat(")") {
                        loop {
                            let at = self.column();
                            args.push((at, self.comparison()?));
                            if self.eat(")") {
                                break;
                            }
                            if !self.eat(",") {
                                let found = self
                                    .peek()
                                    .map_or("the end of the line".to_string(), |t| t.to_string());
                                return err(
                                    self.column(),
                                    format!(
                                        "expected ',' or ')' after argument {} of '{name}' \
                                         (opened at column {column}), found {found}",
                                        args.len()
                                    ),
                                );
                            }
                        }
                    }
                    call(&name, &args, column, self.session)
                } else {
                    self.session
                        .vars
                        .get(&name)
                        .copied()
                        .ok_or(())
                        .or_else(|_| {
                            let names = self.session.vars.keys().map(String::as_str);
                            let hint =
                                suggestion(&name, names.chain(FUNCTIONS.iter().map(|f| f.0)));
                            err(column, format!("unknown name '{name}' {hint}"))
                        })
                }
            }
            Some(t) => err(
                column,
                format!("expected a number, '[', '(' or a name, found {t}"),
            ),
            None => err(
                column,
                "expected a number, '[', '(' or a name, found the end of the line",
            ),
        }
    }
}

/// The `&'static str` of an operator (operators are all literals in `tokenize`).
fn leak(op: &str) -> &'static str {
    [
        "<=", ">=", "==", "+", "-", "*", "/", "(", ")", "[", "]", ",", "=", "<", ">",
    ]
    .into_iter()
    .find(|o| *o == op)
    .unwrap_or("")
}

fn num(v: Value, column: usize, what: &str) -> Result<Interval> {
    match v {
        Value::Num(x) => Ok(x),
        other => err(
            column,
            format!("{what} takes numbers, got a {}", other.kind()),
        ),
    }
}

fn vec3(v: Value, column: usize, what: &str) -> Result<Vec3<Interval>> {
    match v {
        Value::Vec(x) => Ok(x),
        other => err(
            column,
            format!(
                "{what} takes a vector (x, y, z) here, got a {}",
                other.kind()
            ),
        ),
    }
}

fn arith(a: Value, b: Value, op: char, column: usize, session: &Session) -> Result<Value> {
    let out = match (a, b, op) {
        (Value::Num(x), Value::Num(y), '+') => Value::Num(x + y),
        (Value::Num(x), Value::Num(y), '-') => Value::Num(x - y),
        (Value::Num(x), Value::Num(y), '*') => Value::Num(x * y),
        (Value::Num(x), Value::Num(y), '/') => Value::Num(x / y),
        (Value::Vec(x), Value::Vec(y), '+') => Value::Vec(x + y),
        (Value::Vec(x), Value::Vec(y), '-') => Value::Vec(x - y),
        (Value::Vec(x), Value::Num(y), '*') | (Value::Num(y), Value::Vec(x), '*') => {
            Value::Vec(x * y)
        }
        (Value::Vec(x), Value::Num(y), '/') => Value::Vec(x / y),
        (a, b, op) => {
            return err(
                column,
                format!("cannot apply '{op}' to a {} and a {}", a.kind(), b.kind()),
            )
        }
    };
    Ok(session.round_value(out))
}

/// Every function: name, signature, example, description.
const FUNCTIONS: &[(&str, &str, &str, &str)] = &[
    ("sqr", "sqr(x)", "sqr([-1, 2])", "tight square"),
    (
        "sqrt",
        "sqrt(x)",
        "sqrt(2)",
        "square root (the part below zero is cut off)",
    ),
    ("abs", "abs(x)", "abs([-3, 1])", "absolute value"),
    ("min", "min(x, y)", "min(1, [0, 2])", "minimum"),
    ("max", "max(x, y)", "max(1, [0, 2])", "maximum"),
    (
        "dot",
        "dot(u, v)",
        "dot((1, 2, 3), (4, 5, 6))",
        "dot product",
    ),
    (
        "cross",
        "cross(u, v)",
        "cross((1, 0, 0), (0, 1, 0))",
        "cross product",
    ),
    ("length", "length(v)", "length((3, 4, 0))", "length"),
    (
        "sphere_aabb",
        "sphere_aabb(center, radius, min, max)",
        "sphere_aabb((1.5, 0.5, 0.5), 0.5, (0, 0, 0), (1, 1, 1))",
        "sphere–box overlap",
    ),
    (
        "classify",
        "classify(normal, offset, point, e)",
        "classify((0, 0, 1), -1, (0, 0, 1.1), 0.1)",
        "front / on / back of a plane",
    ),
    (
        "distance",
        "distance(normal, offset, point)",
        "distance((0, 0, 2), 0, (0, 0, 3))",
        "signed distance to a plane",
    ),
    (
        "point_triangle",
        "point_triangle(p, a, b, c)",
        "point_triangle((0.5, 0.5, 0), (0, 0, 0), (1, 0, 0), (0, 1, 0))",
        "point on the triangle",
    ),
    (
        "segment_triangle",
        "segment_triangle(p, q, a, b, c)",
        "segment_triangle((0.2, 0.2, 1), (0.2, 0.2, -1), (0, 0, 0), (1, 0, 0), (0, 1, 0))",
        "segment meets triangle",
    ),
    (
        "ray_triangle",
        "ray_triangle(origin, dir, a, b, c)",
        "ray_triangle((0.2, 0.2, 1), (0, 0, -1), (0, 0, 0), (1, 0, 0), (0, 1, 0))",
        "ray hit and its t (prints the verdict; t with ray_t)",
    ),
    (
        "ray_t",
        "ray_t(origin, dir, a, b, c)",
        "ray_t((0.2, 0.2, 1), (0, 0, -1), (0, 0, 0), (1, 0, 0), (0, 1, 0))",
        "the ray's hit parameter",
    ),
    (
        "triangle_aabb",
        "triangle_aabb(a, b, c, min, max)",
        "triangle_aabb((1, 1, 1), (2, 1, 1), (1, 3, 2), (0, 0, 0), (1, 1, 1))",
        "triangle–box overlap",
    ),
    (
        "sphere_sphere",
        "sphere_sphere(c1, r1, c2, r2)",
        "sphere_sphere((0, 0, 0), 1, (3, 4, 0), 4)",
        "sphere–sphere overlap",
    ),
    (
        "aabb_aabb",
        "aabb_aabb(min1, max1, min2, max2)",
        "aabb_aabb((0, 0, 0), (1, 1, 1), (1, 1, 1), (2, 2, 2))",
        "box–box overlap",
    ),
    (
        "obb_obb",
        "obb_obb(c1, half1, c2, half2, angle)",
        "obb_obb((0, 0, 0), (1, 1, 1), (2.5, 0, 0), (1, 1, 1), 0.5)",
        "overlap of a box with the world axes and a box turned by angle (radians) about z",
    ),
    (
        "ray_aabb",
        "ray_aabb(origin, dir, min, max)",
        "ray_aabb((1, 1, -5), (0, 0, 1), (0, 0, 0), (1, 1, 1))",
        "ray meets box (slab test)",
    ),
    (
        "sphere_triangle",
        "sphere_triangle(center, radius, a, b, c)",
        "sphere_triangle((0.2, 0.2, 0.5), 0.5, (0, 0, 0), (1, 0, 0), (0, 1, 0))",
        "sphere–triangle overlap",
    ),
];

/// A shape constructor's error as a calculator error at `column`.
fn shape<T>(r: std::result::Result<T, ShapeError>, column: usize) -> Result<T> {
    r.or_else(|e| err(column, e.to_string()))
}

/// The edit distance between two names (Levenshtein, by characters).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let next = (diagonal + usize::from(x != *y))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// ` (did you mean 'x'?)` for the nearest of `names` within a few edits, or `(type help)`.
fn suggestion<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> String {
    let limit = (name.chars().count() / 3).clamp(1, 3);
    match names
        .map(|n| (distance(name, n), n))
        .filter(|&(d, _)| d <= limit)
        .min()
    {
        Some((_, n)) => format!("(did you mean '{n}'?)"),
        None => "(type help)".to_string(),
    }
}

fn call(name: &str, args: &[(usize, Value)], column: usize, session: &Session) -> Result<Value> {
    let Some((_, signature, _, _)) = FUNCTIONS.iter().find(|f| f.0 == name) else {
        let hint = suggestion(name, FUNCTIONS.iter().map(|f| f.0));
        return err(column, format!("unknown function '{name}' {hint}"));
    };
    let arity = signature.matches(',').count() + 1;
    if args.len() != arity {
        return err(
            column,
            format!(
                "{name} takes {arity} argument(s): {signature}, got {}",
                args.len()
            ),
        );
    }
    // Errors about an argument point at it; errors about the shapes built from several
    // arguments point at the argument that starts the shape.
    let n = |i: usize| num(args[i].1, args[i].0, signature);
    let v = |i: usize| vec3(args[i].1, args[i].0, signature);
    let at = |i: usize| args[i].0;
    let out = match name {
        "sqr" => Value::Num(n(0)?.sqr()),
        "sqrt" => Value::Num(n(0)?.sqrt().or_else(|e| err(at(0), e.to_string()))?),
        "abs" => Value::Num(n(0)?.abs()),
        "min" => Value::Num(n(0)?.min(n(1)?)),
        "max" => Value::Num(n(0)?.max(n(1)?)),
        "dot" => Value::Num(v(0)?.dot(v(1)?)),
        "cross" => Value::Vec(v(0)?.cross(v(1)?)),
        "length" => Value::Num(v(0)?.length()),
        "sphere_aabb" => {
            let (s, b) = (
                shape(Sphere::new(v(0)?, n(1)?), at(0))?,
                shape(Aabb::new(v(2)?, v(3)?), at(2))?,
            );
            Value::Verdict(overlap_sphere_aabb(&s, &b))
        }
        "classify" => Value::Sides(shape(Plane::new(v(0)?, n(1)?), at(0))?.classify(v(2)?, n(3)?)),
        "distance" => Value::Num(shape(Plane::new(v(0)?, n(1)?), at(0))?.signed_distance(v(2)?)),
        "point_triangle" => Value::Verdict(point_in_triangle(
            v(0)?,
            &shape(Triangle::new(v(1)?, v(2)?, v(3)?), at(1))?,
        )),
        "segment_triangle" => {
            let (s, t) = (
                shape(Segment::new(v(0)?, v(1)?), at(0))?,
                shape(Triangle::new(v(2)?, v(3)?, v(4)?), at(2))?,
            );
            Value::Verdict(intersect_segment_triangle(&s, &t))
        }
        "ray_triangle" | "ray_t" => {
            let (r, t) = (
                shape(Ray::new(v(0)?, v(1)?), at(0))?,
                shape(Triangle::new(v(2)?, v(3)?, v(4)?), at(2))?,
            );
            let hit = cast_ray_triangle(&r, &t);
            if name == "ray_t" {
                Value::Num(hit.t)
            } else {
                Value::Verdict(hit.hit)
            }
        }
        "triangle_aabb" => {
            let (t, b) = (
                shape(Triangle::new(v(0)?, v(1)?, v(2)?), at(0))?,
                shape(Aabb::new(v(3)?, v(4)?), at(3))?,
            );
            Value::Verdict(overlap_triangle_aabb(&t, &b))
        }
        "sphere_triangle" => {
            let (s, t) = (
                shape(Sphere::new(v(0)?, n(1)?), at(0))?,
                shape(Triangle::new(v(2)?, v(3)?, v(4)?), at(2))?,
            );
            Value::Verdict(overlap_sphere_triangle(&s, &t))
        }
        "sphere_sphere" => {
            let (a, b) = (
                shape(Sphere::new(v(0)?, n(1)?), at(0))?,
                shape(Sphere::new(v(2)?, n(3)?), at(2))?,
            );
            Value::Verdict(overlap_sphere_sphere(&a, &b))
        }
        "aabb_aabb" => {
            let (a, b) = (
                shape(Aabb::new(v(0)?, v(1)?), at(0))?,
                shape(Aabb::new(v(2)?, v(3)?), at(2))?,
            );
            Value::Verdict(overlap_aabb_aabb(&a, &b))
        }
        "obb_obb" => {
            // The angle only builds the axes: its midpoint's rounded cosine and sine are the
            // axes, and the test is exact for the axes as given.
            let angle = n(4)?.mid();
            let (c, s) = (angle.cos(), angle.sin());
            let lift = |x: f64| Interval::enclose(x);
            let one = Interval::ONE;
            let zero = Interval::ZERO;
            let world = [
                Vec3::new(one, zero, zero),
                Vec3::new(zero, one, zero),
                Vec3::new(zero, zero, one),
            ];
            let turned = [
                Vec3::new(lift(c), lift(s), zero),
                Vec3::new(lift(-s), lift(c), zero),
                Vec3::new(zero, zero, one),
            ];
            let (a, b) = (
                shape(Obb::new(v(0)?, world, v(1)?), at(0))?,
                shape(Obb::new(v(2)?, turned, v(3)?), at(2))?,
            );
            Value::Verdict(overlap_obb_obb(&a, &b))
        }
        "ray_aabb" => {
            let (r, b) = (
                shape(Ray::new(v(0)?, v(1)?), at(0))?,
                shape(Aabb::new(v(2)?, v(3)?), at(2))?,
            );
            Value::Verdict(cast_ray_aabb(&r, &b).hit)
        }
        _ => return err(column, format!("unknown function '{name}'")),
    };
    Ok(session.round_value(out))
}

/// The calculator's state: variables and the end type.
struct Session {
    vars: HashMap<String, Value>,
    f32_ends: bool,
}

impl Session {
    fn new() -> Self {
        Session {
            vars: HashMap::new(),
            f32_ends: false,
        }
    }

    /// In f32 mode every result is rounded outward to f32 ends (as `Interval<f32>` does).
    fn round(&self, x: Interval) -> Interval {
        if !self.f32_ends {
            return x;
        }
        let lo = <f32 as surety::Endpoint>::down_from_f64(x.lo());
        let hi = <f32 as surety::Endpoint>::up_from_f64(x.hi());
        Interval::from(Interval::<f32>::new(lo, hi).unwrap_or(Interval::<f32>::ENTIRE))
    }

    fn round_value(&self, v: Value) -> Value {
        match v {
            Value::Num(x) => Value::Num(self.round(x)),
            Value::Vec(x) => Value::Vec(x.map(|c| self.round(c))),
            other => other,
        }
    }

    /// Runs one line; `None` means quit.
    fn line(&mut self, line: &str) -> Option<String> {
        let trimmed = line.trim();
        match trimmed {
            "" => return Some(String::new()),
            ":quit" | ":q" | "quit" | "exit" => return None,
            "help" | ":help" => return Some(help()),
            ":f32" => {
                self.f32_ends = true;
                return Some("ends are f32 now".into());
            }
            ":f64" => {
                self.f32_ends = false;
                return Some("ends are f64 now".into());
            }
            _ => {}
        }
        Some(match self.eval(trimmed) {
            Ok(v) => v.to_string(),
            Err(e) => format!(
                "{}^\nerror at column {}: {}",
                " ".repeat(e.column + 3),
                e.column,
                e.message
            ),
        })
    }

    fn eval(&mut self, line: &str) -> Result<Value> {
        let tokens = tokenize(line)?;
        let end = line.chars().count() + 1;
        // `name = expr` assigns.
        if let [(_, Token::Ident(name)), (_, Token::Op("=")), rest @ ..] = tokens.as_slice() {
            if FUNCTIONS.iter().any(|f| f.0 == name) {
                return err(1, format!("'{name}' is a function and cannot be assigned"));
            }
            let value = self.parse(rest, end)?;
            self.vars.insert(name.clone(), value);
            return Ok(value);
        }
        self.parse(&tokens, end)
    }

    fn parse(&self, tokens: &[(usize, Token)], end: usize) -> Result<Value> {
        let mut p = Parser {
            tokens,
            pos: 0,
            end,
            session: self,
            depth: 0,
        };
        let v = p.comparison()?;
        match tokens.get(p.pos) {
            None => Ok(v),
            Some((column, t)) => err(
                *column,
                format!("expected an operator or the end of the line after a complete expression, found {t}"),
            ),
        }
    }
}

fn help() -> String {
    let mut s = String::from(
        "numbers: 0.1 (the tightest interval holding the real decimal), [1, 2] (an interval),\n\
         (x, y, z) (a vector); operators + - * / and parentheses; comparisons < <= > >= ==\n\
         print a verdict and its conservative resolution; name = expr assigns.\n\
         :f32 / :f64 switch the end type; :quit leaves.\nfunctions:\n",
    );
    for (_, signature, example, what) in FUNCTIONS {
        s.push_str(&format!("  {signature:<42} {what}\n      e.g. {example}\n"));
    }
    s.pop();
    s
}

/// Runs a whole session from `input`, echoing nothing: one answer per line (the transcript).
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut session = Session::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // Any bytes are a line: what is not UTF-8 becomes U+FFFD, and is then refused.
        let text = String::from_utf8_lossy(&bytes);
        let line = text.trim_end_matches(['\n', '\r']);
        writeln!(output, ">>> {line}")?;
        match session.line(line) {
            None => break,
            Some(answer) if answer.is_empty() => {}
            Some(answer) => writeln!(output, "{answer}")?,
        }
    }
    Ok(())
}

fn main() -> std::io::Result<()> {
    if !std::io::stdin().is_terminal() {
        return run(std::io::stdin().lock(), std::io::stdout().lock());
    }
    println!("surety repl: intervals and queries. `help` lists everything, `:quit` leaves.");
    let mut session = Session::new();
    let Ok(mut editor) = rustyline::DefaultEditor::new() else {
        return run(std::io::stdin().lock(), std::io::stdout().lock());
    };
    loop {
        let line = match editor.readline(">>> ") {
            Ok(line) => line,
            // Ctrl-C clears the line, as a shell does; the session and its variables stay.
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            // Ctrl-D (end of input) or a terminal that went away ends the session.
            Err(_) => break,
        };
        let _ = editor.add_history_entry(line.as_str());
        match session.line(&line) {
            None => break,
            Some(answer) if answer.is_empty() => {}
            Some(answer) => println!("{answer}"),
        }
    }
    Ok(())
}
