package syntax

import "github.com/alecthomas/chroma/v2"

// Build files. The commands in a Dockerfile's RUN and a Makefile's recipe
// lines are shell, coloured by the shell lexer.

// continued is the rest of a line and the lines that a trailing backslash
// joins to it.
const continued = `(?:[^\\\n]|\\[^\n]|\\\n)*`

func (s *Set) dockerfileRules() chroma.Rules {
	sh := s.ByAlias("sh")
	return chroma.Rules{"root": rules(
		one(
			rule(`\s+`, chroma.TextWhitespace),
			rule(`(?<=^[ \t]*)#[^\n]*`, chroma.CommentSingle),
			groups(`(?<=^[ \t]*)((?i:run|cmd|entrypoint|shell))([ \t]+)(`+continued+`)`,
				chroma.Keyword, chroma.TextWhitespace, chroma.UsingLexer(sh)),
			rule(`(?<=^[ \t]*)(?i:add|arg|copy|env|expose|from|healthcheck|label|maintainer|onbuild|stopsignal|user|volume|workdir)\b`,
				chroma.Keyword),
			rule(`(?i:as)\b(?=[ \t]+\w+[ \t]*$)`, chroma.Keyword), // FROM image AS name
			rule(`--[\w-]+=?`, chroma.NameAttribute),
			rule(`\$\{[^}\n]*\}?|\$[\p{L}_]\w*`, chroma.NameVariable),
			rule(dqRe, chroma.LiteralStringDouble),
			rule(sqRe, chroma.LiteralStringSingle),
			rule(`[\p{L}_][\w.-]*`, chroma.Text),
			rule(`\d+(?:\.\d+)*\b`, chroma.LiteralNumber),
			rule(`[\[\],=:/\\]`, chroma.Punctuation),
		),
		tail(),
	)}
}

func (s *Set) makefileRules() chroma.Rules {
	sh := s.ByAlias("sh")
	return chroma.Rules{"root": rules(
		one(
			// A recipe line (a tab first) is shell.
			groups(`^(\t)(`+continued+`)`, chroma.TextWhitespace, chroma.UsingLexer(sh)),
			groups(`^([ \t]*)((?:override[ \t]+|export[ \t]+)?)([^\s:#=$]+)([ \t]*)(::?=|:::=|\?=|\+=|!=|=)`,
				chroma.TextWhitespace, chroma.Keyword, chroma.NameVariable, chroma.TextWhitespace, chroma.Operator),
			groups(`^([ \t]*)(-?include|sinclude|ifeq|ifneq|ifdef|ifndef|else|endif|define|endef|export|unexport|override|undefine|vpath)\b`,
				chroma.TextWhitespace, chroma.Keyword),
			// target: prerequisites (not "a := b").
			groups(`^([^\s:#=][^:#=\n]*?)([ \t]*)(::?|&:)(?!=)`, chroma.NameFunction, chroma.TextWhitespace, chroma.Operator),
			// Newlines apart from other spaces, so the rules above see
			// each line's start.
			rule(`\n`, chroma.TextWhitespace),
			rule(`[^\S\n]+`, chroma.TextWhitespace),
			rule(`(?<!\\)#[^\n]*`, chroma.CommentSingle),
			rule(`\$\([^)\n]*\)?|\$\{[^}\n]*\}?|\$[^\s(){}]`, chroma.NameVariable),
			rule(`[^\s$#\\:=]+`, chroma.Text),
			rule(`[:=|;]`, chroma.Operator),
		),
		tail(),
	)}
}
