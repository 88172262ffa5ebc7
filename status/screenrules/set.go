package screenrules

import (
	"sort"
	"strings"
)

// Verdict is what a matching rule says about the screen, with its evidence.
type Verdict struct {
	State    string // StateBlocked, StateWorking or StateIdle
	Kind     string // with StateBlocked: KindPermission, KindQuestion or KindAuth
	Rule     string // "<assistant>/<rule name>", e.g. "claude/busy-footer"
	Evidence string // the screen row that matched, trimmed
	Reason   string // with StateBlocked: the question asked; with StateError: the message, when found
	Gate     bool   // a blocked screen shown before a session starts
}

// Set holds the compiled rules of every assistant. It is immutable after
// Load, so one Set may serve concurrent Match calls.
type Set struct {
	rules     map[string][]*rule   // by lower-case assistant name, in match order
	composers map[string]*composer // by lower-case assistant name
}

// Match runs the assistant's rules over a screen (rows top to bottom, plain
// text without escape sequences, as `capture-pane -p` prints them) and returns
// the first verdict. ok is false when the assistant has no rules or none
// matched: the caller then falls back to output activity.
func (s *Set) Match(assistant string, screen []string) (v Verdict, ok bool) {
	if s == nil {
		return Verdict{}, false
	}
	name := strings.ToLower(assistant)
	rules := s.rules[name]
	if len(rules) == 0 {
		return Verdict{}, false
	}
	win := window(screen)
	for _, r := range rules {
		if ev, hit := r.eval(win); hit {
			v := Verdict{
				State:    r.state,
				Kind:     r.kind,
				Rule:     name + "/" + r.name,
				Evidence: ev,
				Gate:     r.gate,
			}
			if r.state == StateBlocked || r.state == StateError {
				v.Reason = r.questionIn(win)
			}
			return v, true
		}
	}
	return Verdict{}, false
}

// window returns the last WindowRows rows that end at the last non-blank
// row, with trailing blanks trimmed and no-break spaces turned into spaces.
// A pane taller than its content (an inline TUI early in a session) pads the
// capture with blank rows; "bottom N rows" means the bottom of the content.
func window(screen []string) []string {
	end := len(screen)
	for end > 0 && strings.TrimSpace(screen[end-1]) == "" {
		end--
	}
	start := max(end-WindowRows, 0)
	out := make([]string, 0, end-start)
	for _, row := range screen[start:end] {
		row = strings.TrimRight(row, " \t\r")
		// Claude Code pads its prompt glyph with U+00A0, which RE2's \s
		// does not match; normalising it keeps user regexes simple.
		if strings.ContainsRune(row, '\u00a0') {
			row = strings.ReplaceAll(row, "\u00a0", " ")
		}
		out = append(out, row)
	}
	return out
}

// classRank orders states for matching: blocked, then error, then
// working, then idle.
func classRank(state string) int {
	switch state {
	case StateBlocked:
		return 0
	case StateError:
		return 1
	case StateWorking:
		return 2
	default:
		return 3
	}
}

// orderRules sorts rules by class and keeps the given order inside a class.
func orderRules(rules []*rule) {
	sort.SliceStable(rules, func(i, j int) bool {
		return classRank(rules[i].state) < classRank(rules[j].state)
	})
}
