"""The dice grammar (dice/grammar.lark) on `lark`, and the tree it gives.

`parse("4d6kh3 + 2")` → BinOp(OperatedDice(Dice(4, 6), [Operation("k", [Selector("h", 3)])]), "+",
Literal(2)). Annotations (`1d20 [fire]`) are read and dropped. The tree is plain data: one
visitor in `dice.engine` rolls it and computes its exact distribution.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar, cast

from lark import Lark, Token, Transformer

GRAMMAR = Path(__file__).with_name("grammar.lark")
T = TypeVar("T")


@dataclass
class Literal:
    value: int | float


@dataclass
class Parenthetical:
    value: "Node"


@dataclass
class UnOp:
    op: str
    value: "Node"


@dataclass
class BinOp:
    left: "Node"
    op: str
    right: "Node"


@dataclass(frozen=True)
class Selector:
    cat: str | None          # None (equal), "<", ">", "h", "l"
    num: int

    def __str__(self) -> str:
        return f"{self.cat or ''}{self.num}"


@dataclass
class Operation:
    op: str                  # rr ro ra e mi ma k p
    sels: list[Selector]

    def __str__(self) -> str:
        return "".join(f"{self.op}{s}" for s in self.sels)


@dataclass
class Dice:
    num: int
    size: int | str          # "%" for d%

    def __str__(self) -> str:
        return f"{self.num}d{self.size}"


@dataclass
class OperatedDice:
    value: Dice
    operations: list[Operation] = field(default_factory=list)


@dataclass
class NumberSet:
    values: list["Node"]


@dataclass
class OperatedSet:
    value: "Node"
    operations: list[Operation] = field(default_factory=list)


Node = Literal | Parenthetical | UnOp | BinOp | Dice | OperatedDice | NumberSet | OperatedSet
_COMMA = object()


def _merged(operations: list[Operation]) -> list[Operation]:
    """`k1k2` is one keep with two selectors (`mi`/`ma` stay apart: each sets one bound)."""
    out: list[Operation] = []
    for operation in operations:
        if out and operation.op not in ("mi", "ma") and out[-1].op == operation.op:
            out[-1].sels.extend(operation.sels)
        else:
            out.append(operation)
    return out


class _ToTree(Transformer):
    def _binop(self, items):
        return BinOp(items[0], str(items[1]), items[2])

    comparison = sum = product = _binop

    def unary(self, items):
        return UnOp(str(items[0]), items[1])

    def term(self, items):
        return items[0]             # annotations dropped

    def number(self, items):
        token: Token = items[0]
        return Literal(int(token) if token.type == "INTEGER" else float(token))

    def set(self, items):
        return OperatedSet(items[0], _merged(list(items[1:])))

    def set_op(self, items):
        return Operation(str(items[0]), [items[1]])

    dice_op = set_op

    def parens(self, items):
        if len(items) == 1 and items[0] is not _COMMA:
            return Parenthetical(items[0])
        return NumberSet([i for i in items if i is not _COMMA])

    def comma(self, _):
        return _COMMA

    def dice(self, items):
        return OperatedDice(items[0], _merged(list(items[1:])))

    def roll(self, items):
        *count, sides = items
        return Dice(int(count[0]) if count else 1, "%" if str(sides) == "%" else int(sides))

    def selector(self, items):
        kind, num = items
        return Selector(str(kind) if kind is not None else None, int(num))


PARSER = Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", transformer=_ToTree(),
              maybe_placeholders=True)


class Visitor(Generic[T]):
    """The one place that knows the node types: every walk of the tree (rolling it, its exact
    distribution, its expected value, its text, its dice groups) is a Visitor."""

    def visit(self, node: Node) -> T:
        if isinstance(node, Literal):
            return self.literal(node)
        if isinstance(node, Parenthetical):
            return self.parens(node)
        if isinstance(node, UnOp):
            return self.unary(node)
        if isinstance(node, BinOp):
            return self.binary(node)
        if isinstance(node, (Dice, OperatedDice)):
            return self.group(node)
        return self.number_set(node)

    def parens(self, node: Parenthetical) -> T:
        return self.visit(node.value)

    def literal(self, node: Literal) -> T:
        raise NotImplementedError

    def unary(self, node: UnOp) -> T:
        raise NotImplementedError

    def binary(self, node: BinOp) -> T:
        raise NotImplementedError

    def group(self, node: Dice | OperatedDice) -> T:
        raise NotImplementedError

    def number_set(self, node: NumberSet | OperatedSet) -> T:
        raise NotImplementedError


def parse(text: str) -> Node:
    """The tree of `text`; lark's UnexpectedInput/UnexpectedEOF when it isn't dice notation."""
    # The parser's transformer turns every rule into one of the Node classes above.
    return cast(Node, PARSER.parse(text))


__all__ = ["parse", "Visitor", "Node", "Literal", "Parenthetical", "UnOp", "BinOp", "Dice", "OperatedDice", "NumberSet",
           "OperatedSet", "Operation", "Selector", "GRAMMAR"]
