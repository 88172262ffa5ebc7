package syntax

import "github.com/alecthomas/chroma/v2"

// Data and query languages. Their rules are line-local where they can be,
// since a diff hunk starts anywhere: a YAML key is a plain scalar followed
// by ": ", wherever it is, not something only the line's start can tell.

func jsonRules() chroma.Rules {
	return chroma.Rules{"root": rules(
		one(rule(`\s+`, chroma.TextWhitespace),
			rule(`"(?:\\.|[^"\\\n])*"(?=\s*:)`, chroma.NameAttribute),
			rule(dqRe, chroma.LiteralStringDouble),
			rule(`-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?`, chroma.LiteralNumber),
			rule(`(?:true|false|null)\b`, chroma.KeywordConstant),
			rule(`[{}\[\],:]`, chroma.Punctuation)),
		slashComments(), // JSON with comments (tsconfig, VS Code settings)
		tail(),
	)}
}

// yamlScalarStart is what a plain (unquoted) scalar cannot start with.
const yamlScalarStart = `[^\s:#'"\[\]{},&*!|>%@` + "`" + `-]`

func yamlRules() chroma.Rules {
	// A plain key is bounded (128 characters): it is tried at every word of
	// a value, and unbounded it made a long line quadratic.
	key := `(?:` + yamlScalarStart + `[^#\n]{0,128}?|-(?=\S)[^#\n]{0,128}?|"(?:\\.|[^"\\\n])*"|'(?:''|[^'\n])*')`
	end := `(?=[ \t]*(?:$|[,\]}]|[ \t]#))` // where a scalar value ends
	return chroma.Rules{"root": rules(
		one(
			// A block scalar (key: | or key: >) and the lines indented under
			// its key are one string, whatever they hold.
			groups(`^([ \t]*)((?:-[ \t]+)?)(`+key+`)([ \t]*:[ \t]+)([|>][-+0-9]*)([^\n]*\n)((?:\1[ \t]+[^\n]*(?:\n|\z)|[ \t]*\n)*)`,
				chroma.TextWhitespace, chroma.Punctuation, chroma.NameAttribute, chroma.Punctuation,
				chroma.Operator, chroma.UsingSelf("root"), chroma.LiteralString),
			rule(`\n`, chroma.TextWhitespace), // apart, so the rule above sees each line's start
			rule(`[^\S\n]+`, chroma.TextWhitespace),
			rule(`(?<=^|\s)#[^\n]*`, chroma.CommentSingle),
			rule(`^(?:---|\.\.\.)(?=\s|$)`, chroma.CommentPreproc),
			rule(key+`(?=[ \t]*:(?:[ \t]|$))`, chroma.NameAttribute),
			rule(`"(?:\\.|[^"\\\n])*"?`, chroma.LiteralStringDouble),
			rule(`'(?:''|[^'\n])*'?`, chroma.LiteralStringSingle),
			rule(`[&*][^\s,\[\]{}]+`, chroma.NameVariable), // anchors and aliases
			rule(`![^\s,\[\]{}]*`, chroma.KeywordType),     // tags
			rule(`(?:true|false|True|False|TRUE|FALSE|yes|no|on|off|null|Null|NULL|~)`+end, chroma.KeywordConstant),
			rule(`[-+]?(?:0x[\da-fA-F]+|0o[0-7]+|\d[\d_]*(?:\.\d*)?(?:[eE][-+]?\d+)?|\.inf|\.nan)`+end, chroma.LiteralNumber),
			rule(`[-:,\[\]{}?|>]`, chroma.Punctuation),
			rule(`[^\s#,\[\]{}]+`, chroma.Text), // the rest of a plain scalar
		),
		tail(),
	)}
}

func tomlRules() chroma.Rules {
	bare := `(?:[A-Za-z0-9_-]+|"(?:\\.|[^"\\\n])*"|'[^'\n]*')`
	return chroma.Rules{"root": rules(
		one(
			rule(`\s+`, chroma.TextWhitespace),
			rule(`#[^\n]*`, chroma.CommentSingle),
			// [table] and [[array of tables]] alone on their line (a nested
			// array's [1, 2], on a line of a multi-line array, is not one).
			rule(`(?<=^[ \t]*)\[\[?[^\[\]\n]+\]\]?(?=[ \t]*(?:#[^\n]*)?$)`, chroma.GenericSubheading),
			rule(bare+`(?:[ \t]*\.[ \t]*`+bare+`)*(?=[ \t]*=)`, chroma.NameAttribute),
			rule(`"""[\s\S]*?(?:"""|\z)`, chroma.LiteralString),
			rule(`'''[\s\S]*?(?:'''|\z)`, chroma.LiteralString),
			rule(dqRe, chroma.LiteralStringDouble),
			rule(`'[^'\n]*'?`, chroma.LiteralStringSingle),
			rule(`\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?|\d{2}:\d{2}:\d{2}(?:\.\d+)?`,
				chroma.LiteralDate),
			rule(`(?:true|false)\b`, chroma.KeywordConstant),
			rule(`[+-]?(?:0x[\da-fA-F_]+|0o[0-7_]+|0b[01_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d[\d_]*)?|inf\b|nan\b)`,
				chroma.LiteralNumber),
			rule(`[\[\]{}=,.]`, chroma.Punctuation),
			rule(`[\p{L}_]\w*`, chroma.Text),
		),
		tail(),
	)}
}

func sqlRules() chroma.Rules {
	w := words{}.
		add(chroma.Keyword, `add all alter analyze and as asc begin between by cascade case check column
			commit conflict constraint create cross database declare default delete desc distinct do drop
			else end except exists explain fetch first foreign from full function grant group having if
			ilike in index inner insert intersect into is join key language lateral left like limit
			matched merge natural next not nothing offset on only or order outer over partition primary
			procedure range recursive references rename replace returning returns revoke right rollback
			rows schema select set table temp temporary then to transaction trigger truncate union unique
			update using vacuum values view when where window with`).
		add(chroma.KeywordType, `bigint bigserial blob bool boolean bytea char date decimal double float int
			integer interval json jsonb numeric precision real serial smallint text time timestamp
			timestamptz uuid varchar`).
		add(chroma.KeywordConstant, `true false null`).
		add(chroma.NameBuiltin, `abs avg cast coalesce concat count current_date current_timestamp
			dense_rank length lower max min now nullif rank round row_number substring sum trim upper`)
	return chroma.Rules{"root": rules(
		one(rule(`\s+`, chroma.TextWhitespace),
			wordRule(w, wordOpts{fold: true, noCall: true}),
			rule(`--[^\n]*`, chroma.CommentSingle),
			rule(blockCommentRe, chroma.CommentMultiline),
			rule(`'(?:''|[^'\n])*'?`, chroma.LiteralStringSingle),
			rule(`\$(\w*)\$[\s\S]*?(?:\$\1\$|\z)`, chroma.LiteralString), // PostgreSQL's $$ … $$
			rule(`"(?:""|[^"\n])*"?`, chroma.Name),                       // quoted identifiers
			rule("`[^`\\n]*`?", chroma.Name),
			rule(`(?<!:):[\p{L}_]\w*|\$\d+|@[\p{L}_]\w*|\?`, chroma.NameVariable), // parameters
			rule(numberRe, chroma.LiteralNumber),
			rule(operatorRe, chroma.Operator),
			rule(punctRe, chroma.Punctuation)),
		tail(),
	)}
}
