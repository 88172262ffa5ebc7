package syntax

import (
	"strconv"

	"github.com/alecthomas/chroma/v2"
)

// hashComment is a # comment that starts a word (not the # in a$#b).
const hashComment = `(?<=^|[\s;|&()])#[^\n]*`

func pythonRules() chroma.Rules {
	// match, case and type are soft keywords, names far more often than
	// not, so they are left out.
	w := words{}.
		add(chroma.Keyword, `and as assert async await break class continue def del elif else except
			finally for from global if import in is lambda nonlocal not or pass raise return try while
			with yield`).
		add(chroma.KeywordConstant, `True False None`).
		add(chroma.NameBuiltinPseudo, `self cls`).
		add(chroma.NameBuiltin, `abs all any ascii bin bool breakpoint bytearray bytes callable chr
			classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format
			frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len
			list locals map max memoryview min next object oct open ord pow print property range repr
			reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip`)
	triple := `"""[\s\S]*?(?:"""|\z)|'''[\s\S]*?(?:'''|\z)`
	return code{words: w,
		opts: wordOpts{capsType: true, capsConst: true,
			declares: map[string]chroma.TokenType{"def": chroma.NameFunction, "class": chroma.NameClass}},
		first: one(rule(`(?i:rb|br|rf|fr|[rbuf])(?:`+triple+`|`+dqRe+`|`+sqRe+`)`, chroma.LiteralString)),
		rest: one(
			rule(`#[^\n]*`, chroma.CommentSingle),
			rule(triple, chroma.LiteralStringDoc),
			rule(dqRe, chroma.LiteralString),
			rule(sqRe, chroma.LiteralString),
			rule(`(?<=^[ \t]*)@[\p{L}_][\w.]*`, chroma.NameDecorator),
		)}.rules()
}

func rubyRules() chroma.Rules {
	w := words{}.
		add(chroma.Keyword, `BEGIN END alias and begin break case class def defined? do else elsif end
			ensure for if in module next not or redo rescue retry return super then undef unless until
			when while yield __FILE__ __LINE__ __ENCODING__ __method__`).
		add(chroma.KeywordConstant, `true false nil`).
		add(chroma.NameBuiltinPseudo, `self`).
		add(chroma.NameBuiltin, `attr_accessor attr_reader attr_writer catch extend include lambda loop
			module_function p prepend print private proc protected public puts raise require
			require_relative throw`)
	bracketed := `\((?:\\.|[^)\\])*\)?|\[(?:\\.|[^\]\\])*\]?|\{(?:\\.|[^}\\])*\}?|<(?:\\.|[^>\\])*>?`
	return code{words: w,
		opts: wordOpts{capsType: true, capsConst: true, suffix: `(?:[?!](?![=~]))?`,
			declares: map[string]chroma.TokenType{"def": chroma.NameFunction, "class": chroma.NameClass,
				"module": chroma.NameClass}},
		before: one(
			rule(`^=begin\b[\s\S]*?(?:^=end\b[^\n]*|\z)`, chroma.CommentMultiline),
			heredoc(`(<<[~-]?)(['"]?)([A-Z_]\w*)(\2)`, 3),
		),
		// Not =, which starts =begin, nor <, which starts a heredoc.
		plain: `-+*>!&|^~?\\`,
		// A hash key written key: value is a symbol.
		first: one(rule(`[\p{L}_]\w*[?!]?:(?=[ \t])`, chroma.LiteralStringSymbol)),
		rest: one(
			rule(`#[^\n]*`, chroma.CommentSingle),
			rule(dqRe, chroma.LiteralStringDouble),
			rule(sqRe, chroma.LiteralStringSingle),
			rule("`(?:\\\\.|[^`\\\\\n])*`?", chroma.LiteralStringBacktick),
			rule(`%[qQwWiIsx](?:`+bracketed+`)`, chroma.LiteralString),
			rule(`%r(?:`+bracketed+`)[imxo]*`, chroma.LiteralStringRegex),
			rule(`(?<=(?:^|[(,=~!|&?{;]|\b(?:if|unless|when|and|or|not|return))[ \t]*)/(?![ \t])(?:\\.|[^/\\\n]){1,400}/[imxo]*`,
				chroma.LiteralStringRegex),
			rule(`(?<!:):(?:[\p{L}_]\w*[?!=]?|"(?:\\.|[^"\\\n])*"?)`, chroma.LiteralStringSymbol),
			rule(`@@?[\p{L}_]\w*`, chroma.NameVariableInstance),
			rule(`\$(?:[\p{L}_]\w*|[!@&'+~=/\\,;.<>_*$?:"0-9])`, chroma.NameVariableGlobal),
		)}.rules()
}

// heredoc is a here-document opened by open (the groups up to its tag,
// the tag being group tag), then the rest of the line (as code), the body,
// and the line that closes it.
func heredoc(open string, tag int) chroma.Rule {
	n := tag + 1 // the groups in open
	ems := make([]chroma.Emitter, 0, n+2)
	for range n {
		ems = append(ems, chroma.LiteralStringHeredoc)
	}
	ems = append(ems, chroma.UsingSelf("root"), chroma.LiteralStringHeredoc, chroma.LiteralStringHeredoc)
	return chroma.Rule{
		Pattern: open + `([^\n]*\n)([\s\S]*?)(^[ \t]*\` + strconv.Itoa(tag) + `$|\z)`,
		Type:    chroma.ByGroups(ems...),
	}
}

func shellRules() chroma.Rules {
	w := words{}.
		add(chroma.Keyword, `case coproc do done elif else esac fi for function if in select then time
			until while`).
		add(chroma.NameBuiltin, `alias bg bind break builtin caller cd command compgen complete continue
			declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history
			jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set
			shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait`)
	vars := one(
		rule(`\$\{[^}\n]*\}?`, chroma.NameVariable),
		rule(`\$[\p{L}_]\w*`, chroma.NameVariable),
		rule(`\$[0-9@#?*!$-]`, chroma.NameVariable),
		push(`\$\(\(?`, chroma.Operator, "subst"),
	)
	root := rules(
		one(rule(`\s+`, chroma.TextWhitespace),
			rule(hashComment, chroma.CommentSingle),
			rule(`[\p{L}_]\w*(?=\+?=)`, chroma.NameVariable), // NAME=value
			wordRule(w, wordOpts{}),
			heredoc(`(<<-?)([ \t]*)(['"]?)([A-Za-z_]\w*)(\3)`, 4),
		),
		vars,
		one(
			rule(`\$'(?:\\.|[^'\\])*'?`, chroma.LiteralStringSingle),
			push(`"`, chroma.LiteralStringDouble, "dq"),
			rule(`'[^']*'?`, chroma.LiteralStringSingle),
			rule("`[^`]*`?", chroma.LiteralStringBacktick),
			rule(`(?<![\w.-])\d+(?![\w.])`, chroma.LiteralNumber),
			rule(`[-+*/%=<>!&|^~?:.@#\\]+`, chroma.Operator),
			rule(`[{}()\[\];,]`, chroma.Punctuation),
		),
		tail(),
	)
	return chroma.Rules{
		"root": root,
		"dq": rules(
			one(pop(`"`, chroma.LiteralStringDouble),
				rule(`\\.`, chroma.LiteralStringEscape),
				rule(`[^"\\$]+`, chroma.LiteralStringDouble)),
			vars,
			one(rule(`[\s\S]`, chroma.LiteralStringDouble)),
		),
		// $( … ) inside a double-quoted string is code again.
		"subst": rules(one(pop(`\)\)?`, chroma.Operator)), root),
	}
}
