package syntax

import (
	"strings"

	"github.com/alecthomas/chroma/v2"
)

// chroma tries a state's rules one by one at each position, and each try
// is a regexp2 run that allocates even when it fails: a token found by the
// twelfth rule costs twelve runs. compact merges each run of adjacent
// rules that emit the same class into one rule, (?:p1)|(?:p2)|…, which
// regexp2 tries in order within a single run: the same first match as the
// rules one by one. (Merging rules of different classes, telling them apart
// by capture groups, was measured slower: every group costs the engine and
// chroma allocations on every match.) A rule can merge when it only emits
// a token type (no state change) and has no capturing group of its own.

// byValue is an emitter that needs only the whole match.
type byValue func(value string, st *chroma.LexerState) chroma.Iterator

// Emit implements chroma.Emitter.
func (e byValue) Emit(groups []string, st *chroma.LexerState) chroma.Iterator {
	return e(groups[0], st)
}

// compactAll compacts every state of rs.
func compactAll(rs chroma.Rules) chroma.Rules {
	out := chroma.Rules{}
	for state, list := range rs {
		out[state] = compact(list)
	}
	return out
}

func compact(list []chroma.Rule) []chroma.Rule {
	var out []chroma.Rule
	for i := 0; i < len(list); {
		t, ok := mergeable(list[i])
		j := i + 1
		for ok && j < len(list) {
			if u, ok2 := mergeable(list[j]); !ok2 || ClassOf(u) != ClassOf(t) {
				break
			}
			j++
		}
		if j == i+1 {
			out = append(out, list[i])
		} else {
			parts := make([]string, 0, j-i)
			for _, r := range list[i:j] {
				parts = append(parts, "(?:"+r.Pattern+")")
			}
			out = append(out, chroma.Rule{Pattern: strings.Join(parts, "|"), Type: t})
		}
		i = j
	}
	return out
}

// mergeable returns the token type of a rule compact may merge.
func mergeable(r chroma.Rule) (chroma.TokenType, bool) {
	t, ok := r.Type.(chroma.TokenType)
	if !ok || r.Mutator != nil || r.Pattern == "" || hasCapture(r.Pattern) {
		return 0, false
	}
	return t, true
}

// hasCapture reports whether pattern has a capturing group: a "(" that is
// not escaped, not in a character class, and not followed by "?".
func hasCapture(pattern string) bool {
	inClass := false
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
			if i+1 < len(pattern) && pattern[i+1] == ']' {
				i++ // "[]…]": a leading ] is a member
			} else if i+2 < len(pattern) && pattern[i+1] == '^' && pattern[i+2] == ']' {
				i += 2
			}
		case c == '(':
			rest := pattern[i+1:]
			if !strings.HasPrefix(rest, "?") {
				return true
			}
			// Named groups capture too: (?<name>…), (?'name'…), (?P<name>…).
			if strings.HasPrefix(rest, "?'") || strings.HasPrefix(rest, "?P<") ||
				strings.HasPrefix(rest, "?<") && !strings.HasPrefix(rest, "?<=") && !strings.HasPrefix(rest, "?<!") {
				return true
			}
		}
	}
	return false
}
