package syntax

import "github.com/alecthomas/chroma/v2"

// Markup and style sheets. Markdown's fenced code and HTML's script and
// style elements are coloured by the lexer of their own language, taken
// from the Set (and built then, if it was not yet).

func (s *Set) markdownRules() chroma.Rules {
	return chroma.Rules{"root": rules(
		one(
			chroma.Rule{Pattern: "^([ \\t]*)(```+|~~~+)([^\\n]*\\n)([\\s\\S]*?)(^[ \\t]*\\2[`~]*[ \\t]*$|\\z)",
				Type: chroma.EmitterFunc(s.fenced)},
			rule(`^[ \t]{0,3}#{1,6}(?:[ \t][^\n]*)?$`, chroma.GenericHeading),
			rule(`^[ \t]{0,3}(?:=+|-{2,})[ \t]*$`, chroma.GenericHeading), // a setext underline or a rule
			rule(`^[ \t]*(?:[-*+]|\d{1,9}[.)])(?=[ \t])`, chroma.Keyword),
			rule(`^[ \t]{0,3}>`, chroma.Keyword),
			rule(`^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*[^\s]+`, chroma.NameAttribute), // [ref]: url
			rule(`\n`, chroma.TextWhitespace),
			rule(`[^\S\n]+`, chroma.TextWhitespace),
			rule("`[^`\\n]+`", chroma.LiteralStringBacktick),
			groups(`(!?\[)([^\]\n]{0,400})(\]\()([^)\n]{0,2000})(\))`, // bounded: tried at every [
				chroma.Punctuation, chroma.Text, chroma.Punctuation, chroma.NameAttribute, chroma.Punctuation),
			rule(`<(?:https?|mailto):[^>\s]+>`, chroma.NameAttribute),
			rule("[^\\s`\\[!<]+", chroma.Text),
		),
		tail(),
	)}
}

// fenced emits a fenced code block: its fences as strings, its body by the
// lexer its info string names (as a string when there is none).
func (s *Set) fenced(g []string, _ *chroma.LexerState) chroma.Iterator {
	indent, fence, info, body, closing := g[1], g[2], g[3], g[4], g[5]
	open := chroma.Literator(
		chroma.Token{Type: chroma.TextWhitespace, Value: indent},
		chroma.Token{Type: chroma.LiteralStringBacktick, Value: fence + info})
	end := chroma.Literator(chroma.Token{Type: chroma.LiteralStringBacktick, Value: closing})
	lang := info
	for i, r := range info {
		if r == ' ' || r == '\t' || r == '\n' || r == '{' || r == ',' {
			lang = info[:i]
			break
		}
	}
	if lx := s.ByAlias(lang); lx != nil && body != "" {
		if it, err := lx.Tokenise(&chroma.TokeniseOptions{State: "root", Nested: true}, body); err == nil {
			return chroma.Concaterator(open, it, end)
		}
	}
	return chroma.Concaterator(open, chroma.Literator(chroma.Token{Type: chroma.LiteralStringBacktick, Value: body}), end)
}

// tagRules are the inside of a start tag: attributes and their values.
func tagRules(closing ...chroma.Rule) []chroma.Rule {
	return rules(one(rule(`\s+`, chroma.TextWhitespace)), closing, one(
		groups(`([^\s=/>"']+)(\s*)(=)(\s*)("[^"]*"?|'[^']*'?|[^\s>"']+)`,
			chroma.NameAttribute, chroma.TextWhitespace, chroma.Operator, chroma.TextWhitespace, chroma.LiteralString),
		rule(`[^\s=/>"']+`, chroma.NameAttribute),
		rule(`"[^"]*"?|'[^']*'?`, chroma.LiteralString),
		rule(`[\s\S]`, chroma.Punctuation),
	))
}

// markupRules are HTML's and XML's (SVG's script and style elements
// included).
func (s *Set) markupRules() chroma.Rules {
	// The body of a script or style element, up to its end tag, in the
	// element's own language.
	body := func(tag, alias string) []chroma.Rule {
		lx := s.ByAlias(alias)
		return one(
			chroma.Rule{Pattern: `[\s\S]+?(?=</(?i:` + tag + `)\b|\z)`, Type: chroma.UsingLexer(lx), Mutator: chroma.Pop(1)},
			chroma.Default(chroma.Pop(1)),
		)
	}
	return chroma.Rules{
		"root": rules(
			one(
				rule(`[^<&]+`, chroma.Text),
				rule(`<!--[\s\S]*?(?:-->|\z)`, chroma.CommentMultiline),
				rule(`<!\[CDATA\[[\s\S]*?(?:\]\]>|\z)`, chroma.LiteralString),
				rule(`<![^>]*>?`, chroma.CommentPreproc), // <!DOCTYPE …>
				rule(`<\?[\s\S]*?(?:\?>|\z)`, chroma.CommentPreproc),
				chroma.Rule{Pattern: `(<)((?i:script))\b`, Type: chroma.ByGroups(chroma.Punctuation, chroma.NameTag),
					Mutator: chroma.Push("scripttag")},
				chroma.Rule{Pattern: `(<)((?i:style))\b`, Type: chroma.ByGroups(chroma.Punctuation, chroma.NameTag),
					Mutator: chroma.Push("styletag")},
				chroma.Rule{Pattern: `(</?)([^\s/>]+)`, Type: chroma.ByGroups(chroma.Punctuation, chroma.NameTag),
					Mutator: chroma.Push("tag")},
				rule(`&(?:#\d+|#[xX][\da-fA-F]+|[A-Za-z]\w*);`, chroma.NameEntity),
			),
			tail(),
		),
		"tag": tagRules(pop(`/?>`, chroma.Punctuation)),
		// The end of a script or style start tag moves on to the body.
		"scripttag": tagRules(pop(`/>`, chroma.Punctuation), push(`>`, chroma.Punctuation, "#pop", "script")),
		"styletag":  tagRules(pop(`/>`, chroma.Punctuation), push(`>`, chroma.Punctuation, "#pop", "style")),
		"script":    body("script", "javascript"),
		"style":     body("style", "css"),
	}
}

func cssRules() chroma.Rules {
	values := one(
		rule(`\s+`, chroma.TextWhitespace),
		rule(blockCommentRe, chroma.CommentMultiline),
		groups(`(url)(\()([^)\n]*)(\)?)`, chroma.NameBuiltin, chroma.Punctuation, chroma.LiteralString, chroma.Punctuation),
		rule(dqRe, chroma.LiteralStringDouble),
		rule(sqRe, chroma.LiteralStringSingle),
		rule(`![ \t]*important\b`, chroma.Keyword),
		rule(`#[\da-fA-F]{3,8}(?![\w-])`, chroma.LiteralNumberHex),
		rule(`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?:%|[a-zA-Z]+)?`, chroma.LiteralNumber),
		rule(`(?:--|\$|@)[\w-]+`, chroma.NameVariable), // custom properties, SCSS and LESS variables
		rule(`[\w-]+(?=\()`, chroma.NameFunction),
	)
	return chroma.Rules{
		"root": rules(
			one(
				// property: — the property of a declaration, wherever the
				// hunk starts ("a:hover {" is a selector: it has a brace).
				chroma.Rule{Pattern: `((?:--|\$)?[\w-]+)([ \t]*)(:)(?![:\w-]*[ \t]*[{,]|[^{}\n;]*\{)`,
					Type: chroma.ByGroups(chroma.NameProperty, chroma.TextWhitespace, chroma.Punctuation), Mutator: chroma.Push("value")},
			),
			values[:2],
			one(
				rule(`(?<=^|\s)//[^\n]*`, chroma.CommentSingle), // SCSS and LESS
				rule(`@[\w-]+`, chroma.Keyword),
				rule(`\.[\p{L}_][\w-]*|#[\w-]+`, chroma.NameClass),
				rule(`::?[\w-]+`, chroma.NameDecorator),
			),
			values[2:],
			one(
				rule(`[\w-]+`, chroma.NameTag),
				rule(`[{}()\[\];,]`, chroma.Punctuation),
				rule(`[>+~*&=|^$]+`, chroma.Operator),
			),
			tail(),
		),
		"value": rules(
			one(chroma.Rule{Pattern: `[;\n]`, Type: chroma.Punctuation, Mutator: chroma.Pop(1)},
				chroma.Rule{Pattern: `(?=\})`, Mutator: chroma.Pop(1)}),
			values,
			one(rule(`[\p{L}_][\w-]*`, chroma.Name), rule(`[,/()]`, chroma.Punctuation)),
			tail(),
		),
	}
}
