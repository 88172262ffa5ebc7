package screenrules

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// The composer is where an agent shows what is typed but not yet submitted.
// Whether it emptied after a submit is the one honest check that an agent
// took a message (a pane that went busy proves nothing when it was busy
// already; the text on screen proves nothing either). A rule file
// describes it in a [composer] table:
//
//	[composer]
//	rows = 8                                  # bottom rows it sits in
//	prompt = 're:^[\s│]*[>❯] ?(.*?)[\s│]*$'   # its row; group 1 is the text
//	empty = ["Try \""]                        # texts that mean empty (placeholder hints)
//	queued = 're:^\s*↳'                       # a row per queued message
//	anchor = 're:^┃  \S+ · '                   # optional: a row the prompt is
//	above = 2                                 #   this many rows above
//
// With an anchor the composer is the row "above" rows over the lowest row
// the anchor matches (a prompt box whose text row looks like the rows
// around it: opencode's bar rows), never another row.
//
// A user file's [composer] replaces the built-in one.

// Composer is what a screen's composer holds.
type Composer struct {
	Text   string // the composer's text, trimmed
	Empty  bool   // nothing typed: no text, or only a placeholder hint
	Queued int    // rows showing a queued message
}

// composerSpec is the [composer] table as written.
type composerSpec struct {
	Rows   int      `toml:"rows"`
	Prompt string   `toml:"prompt"`
	Empty  []string `toml:"empty"`
	Queued string   `toml:"queued"`
	Anchor string   `toml:"anchor"`
	Above  int      `toml:"above"`
}

// composer is a compiled composerSpec.
type composer struct {
	rows   int
	prompt *regexp.Regexp
	empty  []pattern
	queued *pattern
	anchor *pattern
	above  int
}

func compileComposer(spec composerSpec) (*composer, error) {
	var errs []error
	c := &composer{rows: spec.Rows, above: spec.Above}
	if spec.Rows < 1 || spec.Rows > WindowRows {
		errs = append(errs, fmt.Errorf("composer: rows must be 1 to %d (got %d)", WindowRows, spec.Rows))
	}
	expr, isRe := strings.CutPrefix(spec.Prompt, regexPrefix)
	if re, err := regexp.Compile(expr); !isRe || err != nil || re.NumSubexp() < 1 {
		errs = append(errs, fmt.Errorf("composer: prompt must be a %q regex with a group for the text (%v)", regexPrefix, err))
	} else {
		c.prompt = re
	}
	var err error
	if c.empty, err = compilePatterns("composer empty", spec.Empty); err != nil {
		errs = append(errs, err)
	}
	if spec.Queued != "" {
		q, err := compilePatterns("composer queued", []string{spec.Queued})
		if err != nil {
			errs = append(errs, err)
		} else {
			c.queued = &q[0]
		}
	}
	if spec.Anchor != "" {
		a, err := compilePatterns("composer anchor", []string{spec.Anchor})
		if err != nil {
			errs = append(errs, err)
		} else {
			c.anchor = &a[0]
		}
	}
	if spec.Above < 0 || spec.Above >= max(spec.Rows, 1) || (spec.Above > 0) != (spec.Anchor != "") {
		errs = append(errs, fmt.Errorf("composer: above (%d) needs an anchor and must be under rows", spec.Above))
	}
	return c, errors.Join(errs...)
}

// read finds the composer in a normalised window: the lowest prompt row in
// its bottom rows.
func (c *composer) read(win []string) (Composer, bool) {
	region := win
	if c.rows < len(region) {
		region = region[len(region)-c.rows:]
	}
	var out Composer
	found := false
	candidates := region
	if c.anchor != nil {
		at := lowestIndex(region, *c.anchor)
		if at-c.above < 0 {
			return Composer{}, false
		}
		candidates = region[at-c.above : at-c.above+1]
	}
	for i := len(candidates) - 1; i >= 0; i-- {
		if m := c.prompt.FindStringSubmatch(candidates[i]); m != nil {
			out.Text, found = strings.TrimSpace(m[1]), true
			break
		}
	}
	if !found {
		return Composer{}, false
	}
	out.Empty = out.Text == ""
	for _, p := range c.empty {
		if p.matches(out.Text) {
			out.Empty = true
		}
	}
	if c.queued != nil {
		for _, row := range win {
			if c.queued.matches(row) {
				out.Queued++
			}
		}
	}
	return out, true
}

// Composer reads the assistant's composer off a screen (rows top to
// bottom, plain text). ok is false when the assistant's rules describe no
// composer or none is on screen (a dialog hides it).
func (s *Set) Composer(assistant string, screen []string) (Composer, bool) {
	if s == nil {
		return Composer{}, false
	}
	c := s.composers[strings.ToLower(assistant)]
	if c == nil {
		return Composer{}, false
	}
	return c.read(window(screen))
}

// HasComposer reports whether the assistant's rules describe a composer:
// then its being on screen is what says the agent can take a message.
func (s *Set) HasComposer(assistant string) bool {
	return s != nil && s.composers[strings.ToLower(assistant)] != nil
}

// question is the question a blocked screen asks: the lowest row matching
// the rule's first question pattern that matches (patterns in order), else
// the lowest row in its region that holds a "?", else "". A question regex
// with groups gives its groups, joined by a space: a dialog whose question
// row says only "Allow execution?" can name the command from its title
// row. Any other row holding a "?" is cut after its last one: a sentence
// that wraps on after the question ("… this directory? Working with …")
// shows only the question. A rule with reason_above reads its reason
// off the block above its row instead (reasonAboveIn).
func (r *rule) questionIn(win []string) string {
	region := win
	if r.rows > 0 && r.rows < len(region) {
		region = region[len(region)-r.rows:]
	}
	if len(r.reasonAbove) > 0 {
		return r.reasonAboveIn(region)
	}
	if len(r.reasonRows) > 0 {
		return r.reasonRowsIn(region)
	}
	for _, p := range r.question {
		row, ok := lowest(region, p)
		if !ok {
			continue
		}
		if p.re != nil && p.re.NumSubexp() > 0 {
			m := p.re.FindStringSubmatch(row)
			return trimEvidence(strings.Join(strings.Fields(strings.Join(m[1:], " ")), " "))
		}
		return trimEvidence(dropBullet(upToQuestionMark(row)))
	}
	if len(r.question) > 0 {
		return ""
	}
	for i := len(region) - 1; i >= 0; i-- {
		if strings.Contains(region[i], "?") {
			return trimEvidence(upToQuestionMark(region[i]))
		}
	}
	return ""
}

// dropBullet takes a transcript bullet off a reason row a rule picked:
// Codex's "• Added notes.txt (+1 -0)" names the file an approval is for,
// Claude's "● API Error: …" marks where a message starts. The bullet is
// decoration, and a reason starting with one reads as a menu.
func dropBullet(row string) string {
	t := strings.TrimSpace(row)
	for _, b := range []string{"• ", "◦ ", "● "} {
		if rest, ok := strings.CutPrefix(t, b); ok {
			return rest
		}
	}
	return row
}

// upToQuestionMark cuts row after its last "?"; a row without one stays
// whole.
func upToQuestionMark(row string) string {
	if j := strings.LastIndexByte(row, '?'); j >= 0 {
		return row[:j+1]
	}
	return row
}
