package screenrules

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// The verdict states a rule may answer.
const (
	StateBlocked = "blocked"
	StateError   = "error"
	StateWorking = "working"
	StateIdle    = "idle"
)

// The kinds a blocked verdict may carry; the same words `amux report --kind`
// accepts, so a screen verdict and a hook report read alike.
const (
	KindPermission = "permission"
	KindQuestion   = "question"
	KindAuth       = "auth"
)

// WindowRows is how many rows, counted up from the last non-blank row, a rule
// can see. Every prompt and footer we match sits at the bottom; looking no
// higher keeps matching cheap and keeps old transcript text out of reach.
const WindowRows = 40

// regexPrefix marks a pattern as a regular expression; anything else is a
// literal, case-sensitive substring.
const regexPrefix = "re:"

// maxEvidence bounds the evidence row, in bytes, so a verdict stays a
// one-line label.
const maxEvidence = 160

// ruleSpec is one [[rule]] table as written in a file.
type ruleSpec struct {
	Name  string   `toml:"name"`
	State string   `toml:"state"`
	Kind  string   `toml:"kind"`
	Rows  int      `toml:"rows"`
	All   []string `toml:"all"`
	Any   []string `toml:"any"`
	None  []string `toml:"none"`
	// NoneBelow are patterns none of which may match below the row the
	// first "all" pattern matched: what the agent printed after it. An
	// error line stays on screen after the person moved on; a newer
	// prompt under it means it is history.
	NoneBelow []string `toml:"none_below"`
	// Above are patterns for the block right above the first "all" row:
	// going up from it past blank rows, one or more rows in a row that
	// each match one of them must be there (see above.go).
	Above []string `toml:"above"`
	// NoneAbove are patterns none of which may match the nearest non-blank
	// row above that block; that row must be on screen (see above.go).
	NoneAbove []string `toml:"none_above"`
	// ReasonAbove reads the reason off the block drawn above the first
	// "all" row, for a message a rule cannot find by a row of its own
	// (see above.go); it takes the place of question.
	ReasonAbove []string `toml:"reason_above"`
	// ReasonRows reads the reason off every row its patterns match, top
	// to bottom, for a message wrapped over the rows of a box of its own
	// (see reason_rows.go); it takes the place of question.
	ReasonRows []string `toml:"reason_rows"`
	// Question finds the row a blocked screen's question is on (default:
	// the lowest row holding a "?"), or an error screen's message.
	Question []string `toml:"question"`
	// Gate marks a screen shown before a session starts (folder trust,
	// first run, an update offer), which no hook can report.
	Gate bool `toml:"gate"`
}

// pattern is one compiled condition: a literal substring or a regex.
type pattern struct {
	lit  string
	re   *regexp.Regexp
	need []string // literals of which every match of re contains one
}

// containsAny reports whether row holds one of lits; no lits: true.
func containsAny(row string, lits []string) bool {
	for _, l := range lits {
		if strings.Contains(row, l) {
			return true
		}
	}
	return len(lits) == 0
}

// String returns the pattern as written in a rule file.
func (p pattern) String() string {
	if p.re != nil {
		return regexPrefix + p.re.String()
	}
	return p.lit
}

func (p pattern) matches(row string) bool {
	if p.re != nil {
		// Most rows fail on the literal, which costs a fraction of
		// running the regex over them.
		return containsAny(row, p.need) && p.re.MatchString(row)
	}
	return strings.Contains(row, p.lit)
}

// rule is a compiled, validated ruleSpec.
type rule struct {
	name      string
	state     string
	kind      string
	rows      int // 0: the whole window
	all       []pattern
	any       []pattern
	none      []pattern
	below     []pattern // none_below
	above     []pattern
	noneAbove []pattern
	question  []pattern
	// reasonAbove are regexes with groups (reason_above).
	reasonAbove []pattern
	// reasonRows are regexes with groups (reason_rows).
	reasonRows []pattern
	gate       bool
}

// compileRule validates spec and compiles its patterns, reporting every
// problem at once so a user fixes a file in one pass.
func compileRule(spec ruleSpec) (*rule, error) {
	var errs []error
	if !validName(spec.Name) {
		errs = append(errs, fmt.Errorf("name %q must be lower-case letters, digits, '-' or '_'", spec.Name))
	}
	switch spec.State {
	case StateBlocked:
		switch spec.Kind {
		case KindPermission, KindQuestion, KindAuth:
		default:
			errs = append(errs, fmt.Errorf("blocked needs kind permission, question or auth (got %q)", spec.Kind))
		}
	case StateError, StateWorking, StateIdle:
		if spec.Kind != "" {
			errs = append(errs, fmt.Errorf("kind %q is only for state blocked", spec.Kind))
		}
	default:
		errs = append(errs, fmt.Errorf("state must be blocked, error, working or idle (got %q)", spec.State))
	}
	if spec.Rows < 0 || spec.Rows > WindowRows {
		errs = append(errs, fmt.Errorf("rows must be 0 (all) to %d (got %d)", WindowRows, spec.Rows))
	}
	// A rule with nothing positive to find would match every screen.
	if len(spec.All) == 0 && len(spec.Any) == 0 {
		errs = append(errs, errors.New("needs at least one pattern in all or any"))
	}
	if len(spec.NoneBelow) > 0 && len(spec.All) == 0 {
		errs = append(errs, errors.New("none_below needs an all pattern to be below of"))
	}
	if len(spec.Question) > 0 && spec.State != StateBlocked && spec.State != StateError {
		errs = append(errs, errors.New("question is for states blocked and error only"))
	}
	if spec.Gate && spec.State != StateBlocked {
		errs = append(errs, errors.New("gate is for state blocked only"))
	}
	r := &rule{name: spec.Name, state: spec.State, kind: spec.Kind, rows: spec.Rows, gate: spec.Gate}
	var err error
	if r.all, err = compilePatterns("all", spec.All); err != nil {
		errs = append(errs, err)
	}
	if r.any, err = compilePatterns("any", spec.Any); err != nil {
		errs = append(errs, err)
	}
	if r.none, err = compilePatterns("none", spec.None); err != nil {
		errs = append(errs, err)
	}
	if r.below, err = compilePatterns("none_below", spec.NoneBelow); err != nil {
		errs = append(errs, err)
	}
	if r.question, err = compilePatterns("question", spec.Question); err != nil {
		errs = append(errs, err)
	}
	errs = append(errs, r.compileAbove(spec)...)
	errs = append(errs, r.compileReasonRows(spec)...)
	if len(errs) > 0 {
		return nil, fmt.Errorf("rule %q: %w", spec.Name, errors.Join(errs...))
	}
	return r, nil
}

// validName accepts lower-case letters, digits, '-' and '_', starting with a
// letter or digit: names appear in verdicts, logs and "disable" lists.
func validName(name string) bool {
	for i, c := range name {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case (c == '-' || c == '_') && i > 0:
		default:
			return false
		}
	}
	return name != ""
}

func compilePatterns(field string, srcs []string) ([]pattern, error) {
	var out []pattern
	var errs []error
	for _, src := range srcs {
		expr, isRe := strings.CutPrefix(src, regexPrefix)
		switch {
		case expr == "":
			errs = append(errs, fmt.Errorf("%s: empty pattern", field))
		case isRe:
			re, err := regexp.Compile(expr)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", field, err))
				continue
			}
			out = append(out, pattern{re: re, need: requiredLiterals(expr)})
		default:
			out = append(out, pattern{lit: expr})
		}
	}
	return out, errors.Join(errs...)
}

// eval reports whether r matches the window (rows, top to bottom, already
// normalised) and the row that shows it: the row of the first "all" pattern,
// else of the "any" pattern that matched.
func (r *rule) eval(window []string) (evidence string, ok bool) {
	region := window
	if r.rows > 0 && r.rows < len(region) {
		region = region[len(region)-r.rows:]
	}
	for i, p := range r.all {
		at := lowestIndex(region, p)
		if at < 0 {
			return "", false
		}
		if i == 0 {
			evidence = region[at]
			for _, b := range r.below {
				if _, found := lowest(region[at+1:], b); found {
					return "", false
				}
			}
			if !r.aboveHolds(region, at) {
				return "", false
			}
		}
	}
	if len(r.any) > 0 {
		hit := false
		for _, p := range r.any {
			if row, found := lowest(region, p); found {
				hit = true
				if evidence == "" {
					evidence = row
				}
				break
			}
		}
		if !hit {
			return "", false
		}
	}
	for _, p := range r.none {
		if _, found := lowest(region, p); found {
			return "", false
		}
	}
	return trimEvidence(evidence), true
}

// lowest finds the bottom-most row p matches: the newest text on the screen
// is the one that describes the present.
func lowest(region []string, p pattern) (string, bool) {
	if i := lowestIndex(region, p); i >= 0 {
		return region[i], true
	}
	return "", false
}

// lowestIndex is lowest's row index, -1 when p matches no row.
func lowestIndex(region []string, p pattern) int {
	for i := len(region) - 1; i >= 0; i-- {
		if p.matches(region[i]) {
			return i
		}
	}
	return -1
}

// trimEvidence takes the frame off a row and bounds it to maxEvidence bytes,
// cut on a grapheme boundary and marked with "…". UTF-8 never takes fewer
// bytes than cells, so the row is at most maxEvidence cells wide too.
func trimEvidence(row string) string {
	row = strings.TrimSpace(strings.Trim(strings.TrimSpace(row), "│|"))
	if len(row) <= maxEvidence {
		return row
	}
	// ansi.Truncate counts cells; characters of several bytes per cell
	// (accents, wide and combined characters) need a narrower cut, which
	// shrinks in proportion to the overshoot.
	cut := ansi.Truncate(row, maxEvidence, "")
	for width := maxEvidence; len(cut) > maxEvidence; {
		width = min(width-1, width*maxEvidence/len(cut))
		cut = ansi.Truncate(row, width, "")
	}
	return cut + "…"
}

// requiredLiterals returns literals of which every match of expr contains
// at least one (case-sensitive), or nil when there is nothing to rely on.
func requiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	return literalsIn(re.Simplify())
}

func literalsIn(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil
		}
		return []string{string(re.Rune)}
	case syntax.OpCapture, syntax.OpPlus:
		return literalsIn(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalsIn(re.Sub[0])
		}
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			lits := literalsIn(sub)
			if lits == nil {
				return nil
			}
			all = append(all, lits...)
		}
		return all
	case syntax.OpConcat:
		// The part whose shortest literal is longest rejects the most rows.
		var best []string
		for _, sub := range re.Sub {
			if lits := literalsIn(sub); lits != nil && shortest(lits) > shortest(best) {
				best = lits
			}
		}
		return best
	}
	return nil
}

func shortest(lits []string) int {
	if len(lits) == 0 {
		return 0
	}
	n := len(lits[0])
	for _, l := range lits[1:] {
		n = min(n, len(l))
	}
	return n
}
