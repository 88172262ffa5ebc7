package syntax

import "github.com/alecthomas/chroma/v2"

// code is the shape of a programming language for codeRules: one state,
// tried in this order (compact merges adjacent rules of one class):
//   - before: the language's tokens that start with an operator character;
//   - runs of whitespace, punctuation and the operator characters that
//     start no other token of the language (the commonest tokens after
//     names, so they are found at the first try);
//   - first: the language's tokens that start with a letter (r"…", b'…');
//   - names;
//   - rest: comments, strings and the language's other tokens;
//   - numbers, the other operators, and anything else as plain text.
type code struct {
	words  words
	opts   wordOpts
	before []chroma.Rule
	first  []chroma.Rule
	rest   []chroma.Rule
	// plain lists the operator characters a run of whitespace and
	// punctuation may take in (default: all but / . : % # @, which start
	// comments, numbers, symbols, literals, preprocessor lines and
	// decorators).
	plain string
}

// plainRun is one token for a run of whitespace, punctuation and
// operators: ") {\n\t" is one match, not four.
func (c code) plainRun() string {
	ops := c.plain
	if ops == "" {
		ops = `-+*=<>!&|^~?\\`
	}
	return `(?:\s|[` + ops + `{}()\[\];,])+` // ops first: a leading - is no range
}

func (c code) rules() chroma.Rules {
	return chroma.Rules{"root": rules(
		c.before,
		one(rule(c.plainRun(), chroma.Text)),
		c.first,
		one(wordRule(c.words, c.opts)),
		c.rest,
		one(rule(numberRe, chroma.LiteralNumber),
			rule(operatorRe, chroma.Operator)),
		tail(),
	)}
}

// slashComments are // and /* */ comments.
func slashComments() []chroma.Rule {
	return one(rule(`//[^\n]*`, chroma.CommentSingle), rule(blockCommentRe, chroma.CommentMultiline))
}

// classes: the name after these keywords is the type they declare.
func declares(t chroma.TokenType, list ...string) map[string]chroma.TokenType {
	m := map[string]chroma.TokenType{}
	for _, k := range list {
		m[k] = t
	}
	return m
}

func goRules() chroma.Rules {
	w := words{}.
		add(chroma.Keyword, `break case chan const continue default defer else fallthrough for func go goto
			if import interface map package range return select struct switch type var`).
		add(chroma.KeywordType, `any bool byte comparable complex64 complex128 error float32 float64
			int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr`).
		add(chroma.KeywordConstant, `true false iota nil`).
		add(chroma.NameBuiltin, `append cap clear close complex copy delete imag len make max min new
			panic print println real recover`)
	return code{words: w, opts: wordOpts{declares: declares(chroma.NameClass, "type")},
		rest: rules(slashComments(), one(
			rule("`[^`]*`?", chroma.LiteralStringBacktick),
			rule(dqRe, chroma.LiteralString),
			rule(sqRe, chroma.LiteralStringChar),
		))}.rules()
}

func rustRules() chroma.Rules {
	w := words{}.
		add(chroma.Keyword, `as async await break const continue crate dyn else enum extern fn for if impl
			in let loop match mod move mut pub ref return static struct super trait type union unsafe
			use where while yield macro_rules`).
		add(chroma.KeywordType, `bool char str i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64`).
		add(chroma.KeywordConstant, `true false`).
		add(chroma.NameBuiltinPseudo, `self Self`).
		add(chroma.NameBuiltin, `Some None Ok Err`)
	return code{words: w, opts: wordOpts{capsType: true, capsConst: true},
		first: one(
			rule(`b?r(#*)"[\s\S]*?(?:"\1|\z)`, chroma.LiteralString),
			rule(`b"(?:\\.|[^"\\\n])*"?`, chroma.LiteralString),
			rule(`b'(?:\\.|[^'\\\n])'`, chroma.LiteralStringChar),
			// A macro call: println!(…), vec![…].
			rule(`[\p{L}_]\w*!(?=[ \t]*[(\[{])`, chroma.NameFunctionMagic),
		),
		rest: rules(slashComments(), one(
			rule(`#!?\[[^\]\n]*\]?`, chroma.NameDecorator),
			rule(dqRe, chroma.LiteralString),
			rule(`'(?:\\(?:u\{[\da-fA-F]{1,6}\}|x[\da-fA-F]{2}|.)|[^\\'\n])'`, chroma.LiteralStringChar),
			rule(`'[\p{L}_]\w*`, chroma.NameLabel), // a lifetime or a loop label
		))}.rules()
}

// cWords are C's (C23's included).
func cWords() words {
	return words{}.
		add(chroma.Keyword, `alignas alignof auto break case const constexpr continue default do else enum
			extern for goto if inline register restrict return sizeof static static_assert struct switch
			thread_local typedef typeof union volatile while _Alignas _Alignof _Atomic _Generic _Noreturn
			_Static_assert _Thread_local`).
		add(chroma.KeywordType, `bool char double float int long short signed unsigned void _Bool _Complex
			size_t ssize_t ptrdiff_t intptr_t uintptr_t int8_t int16_t int32_t int64_t uint8_t uint16_t
			uint32_t uint64_t wchar_t FILE`).
		add(chroma.KeywordConstant, `true false NULL nullptr`)
}

func cRules(w words) chroma.Rules {
	return code{words: w,
		opts: wordOpts{capsConst: true, declares: declares(chroma.NameClass, "struct", "union", "enum", "class", "namespace")},
		first: one(
			// C++ raw strings, R"tag( … )tag", and prefixed literals.
			rule(`(?:u8|u|U|L)?R"([^()\\\s]{0,16})\([\s\S]*?(?:\)\1"|\z)`, chroma.LiteralString),
			rule(`(?:u8|u|U|L)"(?:\\.|[^"\\\n])*"?`, chroma.LiteralString),
			rule(`(?:u8|u|U|L)'(?:\\.|[^'\\\n])*'?`, chroma.LiteralStringChar),
		),
		rest: rules(slashComments(), one(
			groups(`(#[ \t]*include)([ \t]*)(<[^>\n]*>|"[^"\n]*")`,
				chroma.CommentPreproc, chroma.TextWhitespace, chroma.CommentPreprocFile),
			rule(`#[ \t]*[a-z]+`, chroma.CommentPreproc),
			rule(dqRe, chroma.LiteralString),
			rule(sqRe, chroma.LiteralStringChar),
		))}.rules()
}

func cppWords() words {
	return cWords().
		add(chroma.Keyword, `and and_eq asm bitand bitor catch class co_await co_return co_yield compl
			concept consteval constinit const_cast decltype delete dynamic_cast explicit export final
			friend mutable namespace new noexcept not not_eq operator or or_eq override private
			protected public reinterpret_cast requires static_cast template this throw try typeid
			typename using virtual xor xor_eq`).
		add(chroma.KeywordType, `char8_t char16_t char32_t`).
		add(chroma.NameBuiltin, `std`)
}

func javaRules() chroma.Rules {
	w := words{}.
		add(chroma.Keyword, `abstract assert break case catch class const continue default do else enum
			exports extends final finally for goto if implements import instanceof interface module native
			new package permits private protected public record requires return sealed static
			strictfp super switch synchronized this throw throws transient try var volatile when while
			yield`).
		add(chroma.KeywordType, `boolean byte char double float int long short void`).
		add(chroma.KeywordConstant, `true false null`)
	return code{words: w, opts: wordOpts{capsType: true, capsConst: true},
		rest: rules(slashComments(), one(
			rule(`"""[\s\S]*?(?:"""|\z)`, chroma.LiteralStringDoc),
			rule(dqRe, chroma.LiteralString),
			rule(sqRe, chroma.LiteralStringChar),
			rule(`@[\p{L}_][\w.]*`, chroma.NameDecorator),
		))}.rules()
}

// jsWords are JavaScript's; TypeScript adds its own.
func jsWords() words {
	return words{}.
		add(chroma.Keyword, `async await break case catch class const continue debugger default delete do
			else export extends finally for from function get if import in instanceof let new of return
			set static super switch this throw try typeof var void while with yield`).
		add(chroma.KeywordConstant, `true false null undefined NaN Infinity`).
		add(chroma.NameBuiltin, `arguments console document globalThis module exports process require
			window`)
}

func tsWords() words {
	return jsWords().
		add(chroma.Keyword, `abstract accessor as asserts declare enum implements infer interface is keyof
			namespace override private protected public readonly satisfies type unique`).
		add(chroma.KeywordType, `any bigint boolean never number object string symbol unknown`)
}

func jsRules(w words) chroma.Rules {
	return code{words: w,
		opts: wordOpts{capsType: true, capsConst: true,
			declares: declares(chroma.NameClass, "class", "interface", "enum", "type", "namespace")},
		rest: rules(slashComments(), one(
			rule("`(?:\\\\[\\s\\S]|[^`\\\\])*`?", chroma.LiteralStringBacktick),
			rule(dqRe, chroma.LiteralString),
			rule(sqRe, chroma.LiteralString),
			// A regular expression literal where a value is expected (after
			// an operator, an opening bracket, a comma or a line's start),
			// not a division; bounded, so a line of "(/" is not quadratic.
			rule(`(?<=(?:^|[(,=:\[!&|?{};+\-*%<>~^]|\breturn|\btypeof)[ \t]*)/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n]){0,200}\]|[^/\\\n\[]){1,400}/[dgimsuyv]*`,
				chroma.LiteralStringRegex),
			rule(`@[\p{L}_][\w.]*`, chroma.NameDecorator),
		))}.rules()
}
