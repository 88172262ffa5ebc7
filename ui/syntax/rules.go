package syntax

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
)

// Building blocks the languages share. The engine tries a state's rules in
// order at every position, each an anchored regexp2 match, so the rules
// that match most often come first (whitespace, then words) and keywords
// are not alternations in a pattern: a word is matched once and its type
// looked up in a table (wordEmitter).

// Patterns for the common token shapes.
const (
	spaceRe = `[^\S\n]+`
	// number is decimal, hexadecimal, octal or binary, with digit
	// separators, a fraction, an exponent and a type suffix (10u32, 1.5f,
	// 10n, 2i); "1..2" leaves the range operator alone.
	numberRe = `(?:0[xX][\da-fA-F_']+|0[bB][01_']+|0[oO][0-7_]+|(?:\d[\d_']*(?:\.(?![.\w])[\d_']*|\.\d[\d_']*)?|\.\d[\d_']*)(?:[eE][+-]?\d[\d_]*)?)(?:[a-zA-Z_]\w*)?`
	// dq and sq are one-line quoted strings with backslash escapes; an
	// unterminated one ends at the line's end.
	dqRe = `"(?:\\.|[^"\\\n])*"?`
	sqRe = `'(?:\\.|[^'\\\n])*'?`
	// blockComment is /* … */, to the end of the text when unterminated
	// (a hunk can end inside one).
	blockCommentRe = `/\*[\s\S]*?(?:\*/|\z)`
	operatorRe     = `[-+*/%=<>!&|^~?:.@#\\]+`
	punctRe        = `[{}()\[\];,]`
)

// words maps a language's reserved words to their token types; a word not
// in it is a name.
type words map[string]chroma.TokenType

// add puts each of the space-separated names in list into w as t.
func (w words) add(t chroma.TokenType, list string) words {
	for _, name := range strings.Fields(list) {
		w[name] = t
	}
	return w
}

// wordOpts says how a language's names are read beyond its words table.
type wordOpts struct {
	// capsType: a capitalised name is a type or class (Rust, Java, …).
	capsType bool
	// capsConst: a name in capitals (two letters or more) is a constant.
	capsConst bool
	// fold: words are looked up in lower case (SQL).
	fold bool
	// noCall: a name before "(" is not taken for a function (SQL's
	// "CREATE TABLE t (").
	noCall bool
	// suffix is a pattern, with no capturing group, for what a name may
	// end with beyond word characters (Ruby's "?" and "!").
	suffix string
	// declares maps a keyword to the type of the next name ("class" →
	// NameClass): the next name that is not a reserved word, whatever
	// comes between, is what it declares.
	declares map[string]chroma.TokenType
}

// wordRule is the rule for identifiers: one regexp match, then the table.
// The pattern takes the "(" of a call with the name, so one match tells a
// function from other names; it has no groups, so compact can merge it.
func wordRule(w words, o wordOpts) chroma.Rule {
	return chroma.Rule{Pattern: `[\p{L}_]\w*` + o.suffix + `(?:[ \t]*\()?`,
		Type: byValue(func(v string, st *chroma.LexerState) chroma.Iterator {
			name, call := v, ""
			if strings.HasSuffix(v, "(") {
				name = strings.TrimRight(strings.TrimSuffix(v, "("), " \t")
				call = v[len(name):]
			}
			tok := o.classify(w, name, call != "", st)
			if call == "" {
				return chroma.Literator(tok)
			}
			return chroma.Literator(tok, chroma.Token{Type: chroma.Punctuation, Value: call})
		})}
}

// pendingKey is where a declaring keyword leaves the type of the next
// name, in the lexer state's per-run context.
type pendingKey struct{}

func (o wordOpts) classify(w words, word string, called bool, st *chroma.LexerState) chroma.Token {
	key := word
	if o.fold {
		key = strings.ToLower(word)
	}
	t, reserved := w[key]
	var pending chroma.TokenType
	if o.declares != nil {
		// A reserved word between the keyword and the name (def self.x,
		// enum class X) leaves the declaration pending.
		if p, ok := st.Get(pendingKey{}).(chroma.TokenType); ok && !reserved {
			pending = p
			st.Set(pendingKey{}, nil)
		}
		if d, ok := o.declares[key]; ok {
			st.Set(pendingKey{}, d)
		}
	}
	switch {
	case reserved:
	case pending != 0:
		t = pending
	case o.capsConst && allCaps(word):
		t = chroma.NameConstant
	case o.capsType && startsUpper(word):
		t = chroma.NameClass
	case called && !o.noCall:
		t = chroma.NameFunction
	default:
		t = chroma.Name
	}
	return chroma.Token{Type: t, Value: word}
}

// allCaps: at least two letters, none lower case (MAX_LEN, EOF).
func allCaps(s string) bool {
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsLower(r):
			return false
		case unicode.IsUpper(r):
			letters++
		}
	}
	return letters >= 2
}

func startsUpper(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

// rule is a pattern emitting one token type.
func rule(pattern string, t chroma.TokenType) chroma.Rule {
	return chroma.Rule{Pattern: pattern, Type: t}
}

// push is a pattern emitting t and entering states ("#pop" leaves one).
func push(pattern string, t chroma.TokenType, states ...string) chroma.Rule {
	return chroma.Rule{Pattern: pattern, Type: t, Mutator: chroma.Push(states...)}
}

// pop is a pattern emitting t and leaving the current state.
func pop(pattern string, t chroma.TokenType) chroma.Rule {
	return chroma.Rule{Pattern: pattern, Type: t, Mutator: chroma.Pop(1)}
}

// groups is a pattern whose capture groups emit one token type each.
func groups(pattern string, types ...chroma.Emitter) chroma.Rule {
	return chroma.Rule{Pattern: pattern, Type: chroma.ByGroups(types...)}
}

// tail is what ends every state: spaces, newlines and any other single
// character as plain text, so no input is an error token.
func tail() []chroma.Rule {
	return []chroma.Rule{
		rule(`\s+`, chroma.TextWhitespace),
		rule(`.`, chroma.Text),
	}
}

// rules joins rule lists into one state.
func rules(parts ...[]chroma.Rule) []chroma.Rule {
	var out []chroma.Rule
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// one is a rule list of its arguments.
func one(r ...chroma.Rule) []chroma.Rule { return r }
