package screenrules

import (
	"errors"
	"strings"
)

// Some agents tell one state from another only by what sits above a row
// they draw either way. opencode ends a turn it gave up on (an API error it
// does not retry) with the same footer, "▣  Build · <model>", as a turn
// still waiting for its first reply; a finished turn adds " · 7.5s". What
// gave up has its error block, a "┃" bar with the API's message, right
// above that footer, drawn in the theme's error colour — which plain text
// does not keep. The person's own message is a "┃" block too, and it opens
// the turn: so the block above the footer is the error's only when
// something of the turn comes before it, not a previous turn's footer or
// the top of the screen. A rule says so with three fields:
//
//	above:        the block right above the first "all" row — going up,
//	              past blank rows, the rows that each match one of these
//	              patterns (at least one) — must be there;
//	none_above:   none of these may match the nearest non-blank row above
//	              that block, and there must be one (above the window's
//	              top is unknown, so it never counts as "none");
//	reason_above: the reason is read off the rows above the first "all"
//	              row (see readUp), for a message that has no row of its
//	              own to find it by.

// compileAbove compiles a spec's above and reason_above patterns into r and
// returns what is wrong with them.
func (r *rule) compileAbove(spec ruleSpec) []error {
	var errs []error
	if len(spec.Above) > 0 && len(spec.All) == 0 {
		errs = append(errs, errors.New("above needs an all pattern to be above of"))
	}
	if len(spec.NoneAbove) > 0 && len(spec.Above) == 0 {
		errs = append(errs, errors.New("none_above needs an above block to look beyond"))
	}
	if len(spec.ReasonAbove) > 0 {
		switch {
		case len(spec.All) == 0:
			errs = append(errs, errors.New("reason_above needs an all pattern to read above"))
		case spec.State != StateBlocked && spec.State != StateError:
			errs = append(errs, errors.New("reason_above is for states blocked and error only"))
		case len(spec.Question) > 0:
			errs = append(errs, errors.New("reason_above and question both say where the reason is: keep one"))
		}
	}
	var err error
	if r.above, err = compilePatterns("above", spec.Above); err != nil {
		errs = append(errs, err)
	}
	if r.noneAbove, err = compilePatterns("none_above", spec.NoneAbove); err != nil {
		errs = append(errs, err)
	}
	if r.reasonAbove, err = compilePatterns("reason_above", spec.ReasonAbove); err != nil {
		errs = append(errs, err)
	}
	for _, p := range r.reasonAbove {
		if p.re == nil || p.re.NumSubexp() == 0 {
			errs = append(errs, errors.New("reason_above: "+p.String()+" must be a regex whose groups hold the text"))
		}
	}
	return errs
}

// aboveHolds reports whether r's above and none_above hold for the row
// region[at] (true when r has no above).
func (r *rule) aboveHolds(region []string, at int) bool {
	if len(r.above) == 0 {
		return true
	}
	i := skipBlankUp(region, at-1)
	top := i
	for i >= 0 && matchesAny(region[i], r.above) {
		i--
	}
	if i == top {
		return false // no block right above
	}
	if len(r.noneAbove) == 0 {
		return true
	}
	i = skipBlankUp(region, i)
	return i >= 0 && !matchesAny(region[i], r.noneAbove)
}

// skipBlankUp is the index of the nearest non-blank row at or above i, -1
// when there is none.
func skipBlankUp(region []string, i int) int {
	for i >= 0 && strings.TrimSpace(region[i]) == "" {
		i--
	}
	return i
}

func matchesAny(row string, ps []pattern) bool {
	for _, p := range ps {
		if p.matches(row) {
			return true
		}
	}
	return false
}

// reasonAboveIn is the reason r's reason_above patterns read above the row
// its first "all" pattern matched in region, "" when none reads one.
func (r *rule) reasonAboveIn(region []string) string {
	at := lowestIndex(region, r.all[0])
	if at < 0 {
		return ""
	}
	for _, p := range r.reasonAbove {
		if text := readUp(region[:at], p); text != "" {
			return trimEvidence(text)
		}
	}
	return ""
}

// readUp reads the text of the block at the bottom of rows with p, whose
// groups hold a row's text: going up, it skips blank rows and the block's
// padding (rows p matches with empty groups), then joins the rows whose
// groups hold text, top to bottom, up to the first row that is padding,
// blank or not matched. A message wrapped over rows reads as one line. A
// row p does not match before any text ends it with "".
func readUp(rows []string, p pattern) string {
	var parts []string
	for i := len(rows) - 1; i >= 0; i-- {
		if strings.TrimSpace(rows[i]) == "" {
			if len(parts) > 0 {
				break
			}
			continue
		}
		m := p.re.FindStringSubmatch(rows[i])
		if m == nil {
			break
		}
		text := strings.Join(strings.Fields(strings.Join(m[1:], " ")), " ")
		if text == "" {
			if len(parts) > 0 {
				break
			}
			continue
		}
		parts = append(parts, text)
	}
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return strings.Join(parts, " ")
}
