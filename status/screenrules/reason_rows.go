package screenrules

import (
	"errors"
	"strings"
)

// Some agents show a failure's message in a box of its own for a few
// seconds before the transcript says it plainly: opencode's toast, drawn at
// the top right, with the API's message wrapped over its rows. A question
// pattern names one row (the lowest it matches), so a wrapped message
// would read as its last line. reason_rows reads every row of the rule's
// region that one of its patterns matches, top to bottom, and joins what
// their groups hold:
//
//	reason_rows: regexes whose groups hold a row's part of the reason;
//	             a row they match with empty groups (the box's padding)
//	             adds nothing.

// compileReasonRows compiles a spec's reason_rows into r and returns what is
// wrong with them.
func (r *rule) compileReasonRows(spec ruleSpec) []error {
	if len(spec.ReasonRows) == 0 {
		return nil
	}
	var errs []error
	switch {
	case spec.State != StateBlocked && spec.State != StateError:
		errs = append(errs, errors.New("reason_rows is for states blocked and error only"))
	case len(spec.Question) > 0 || len(spec.ReasonAbove) > 0:
		errs = append(errs, errors.New("reason_rows, reason_above and question each say where the reason is: keep one"))
	}
	var err error
	if r.reasonRows, err = compilePatterns("reason_rows", spec.ReasonRows); err != nil {
		return append(errs, err)
	}
	for _, p := range r.reasonRows {
		if p.re == nil || p.re.NumSubexp() == 0 {
			errs = append(errs, errors.New("reason_rows: "+p.String()+" must be a regex whose groups hold the text"))
		}
	}
	return errs
}

// reasonRowsIn joins the groups of every row of region a reason_rows
// pattern matches (the first pattern that matches a row reads it), top to
// bottom, "" when none holds text.
func (r *rule) reasonRowsIn(region []string) string {
	var parts []string
	for _, row := range region {
		for _, p := range r.reasonRows {
			m := p.re.FindStringSubmatch(row)
			if m == nil {
				continue
			}
			if text := strings.Join(strings.Fields(strings.Join(m[1:], " ")), " "); text != "" {
				parts = append(parts, text)
			}
			break
		}
	}
	return trimEvidence(strings.Join(parts, " "))
}
