package git

import (
	"errors"
	"regexp"
	"strings"
	"sync"
)

// Refusal is a failed git call as a person reads it: git's own words, whole
// (not the command line amux ran), and the fix when the failure is one
// amux knows.
type Refusal struct {
	Reason string // git's message, its lines kept; the error's text when git said nothing
	Fix    string // what to do about it; "" when amux knows no fix
}

// indexLock finds the lock file git names when another process holds the
// index: "Unable to create '<path>/index.lock': File exists." Compiled on
// first use, since every amux process runs every package's init.
var indexLock = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`Unable to create '([^']*\.lock)': File exists`)
})

// Explain turns err into a Refusal. A *Error gives git's stderr (or the
// stdout that explained the failure); any other error its text. The fix is
// chosen from what git said: no identity, a held index.lock, nothing
// staged, unresolved conflicts.
func Explain(err error) Refusal {
	if err == nil {
		return Refusal{}
	}
	var ge *Error
	if !errors.As(err, &ge) {
		return Refusal{Reason: err.Error(), Fix: fixFor(err.Error())}
	}
	reason := strings.TrimSpace(ge.Stderr)
	if reason == "" {
		reason = strings.TrimSpace(ge.Stdout)
	}
	if reason == "" {
		reason = ge.Err.Error()
	}
	return Refusal{Reason: reason, Fix: fixFor(reason)}
}

// fixFor is the known fix for what git said, "" when none is known.
func fixFor(said string) string {
	low := strings.ToLower(said)
	switch {
	case strings.Contains(low, "please tell me who you are"),
		strings.Contains(low, "author identity unknown"),
		strings.Contains(low, "committer identity unknown"),
		strings.Contains(low, "empty ident name"),
		strings.Contains(low, "unable to auto-detect email address"),
		strings.Contains(low, "auto-detection is disabled"):
		return `set user.name and user.email: git config --global user.name "Your Name" and git config --global user.email you@example.com (drop --global for this repository only)`
	case indexLock().MatchString(said):
		return "another git process holds the index, or one crashed: if none is running, remove " +
			indexLock().FindStringSubmatch(said)[1] + " and try again"
	case strings.Contains(low, "unmerged files"), strings.Contains(low, "unmerged paths"),
		strings.Contains(low, "fix conflicts"), strings.Contains(low, "resolve all conflicts"):
		return "resolve the conflicts and mark each file resolved first"
	case strings.Contains(low, "did you forget to use 'git add'"):
		return "the resolution left this commit empty: skip it, or abort"
	case strings.Contains(low, "nothing to commit"), strings.Contains(low, "no changes added to commit"),
		strings.Contains(low, "nothing added to commit"):
		return "stage the changes to commit first"
	}
	return ""
}

// Lines is the refusal as lines to show: git's, then "fix: …".
func (r Refusal) Lines() []string {
	var out []string
	for l := range strings.Lines(r.Reason) {
		if l = strings.TrimRight(l, "\r\n"); strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	if r.Fix != "" {
		out = append(out, "fix: "+r.Fix)
	}
	return out
}
