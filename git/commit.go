package git

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxSubject is the longest first line a commit message may have.
const MaxSubject = 100

// ErrBadMessage means a commit message was refused before git ran.
var ErrBadMessage = errors.New("invalid commit message")

// ValidateMessage checks a commit message as the commit dialog does: the
// first line (the subject) must hold text, at most MaxSubject characters,
// no control characters, and must be followed by a blank line when a body
// follows. It returns a reason a person can act on.
func ValidateMessage(msg string) error {
	msg = strings.ReplaceAll(msg, "\r\n", "\n")
	subject, body, hasBody := strings.Cut(msg, "\n")
	switch {
	case strings.TrimSpace(subject) == "":
		return fmt.Errorf("%w: the first line is empty", ErrBadMessage)
	case utf8.RuneCountInString(subject) > MaxSubject:
		return fmt.Errorf("%w: the first line has %d characters, at most %d", ErrBadMessage, utf8.RuneCountInString(subject), MaxSubject)
	case strings.IndexFunc(subject, unicode.IsControl) >= 0:
		return fmt.Errorf("%w: the first line holds a control character", ErrBadMessage)
	case hasBody && strings.TrimSpace(body) != "" && !strings.HasPrefix(body, "\n"):
		return fmt.Errorf("%w: a blank line must separate the first line from the body", ErrBadMessage)
	}
	return nil
}

// CommitRequest is a commit a person asked for.
type CommitRequest struct {
	Message string
	// Amend replaces the tip commit (its changes plus what is staged) instead
	// of adding one.
	Amend bool
}

// Commit records what is staged in the work tree at root. The message is
// validated (ValidateMessage) first and passed on stdin, verbatim apart
// from git's comment stripping. Hooks do not run and nothing is signed,
// whatever the repository's config says. A commit with nothing staged is
// git's error, except for an amend (which may change only the message). It
// returns the new commit's id.
func (r *Runner) Commit(ctx context.Context, root string, req CommitRequest) (string, error) {
	if err := ValidateMessage(req.Message); err != nil {
		return "", err
	}
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	args := []string{"commit", "--quiet", "--no-verify", "--no-gpg-sign", "--cleanup=strip", "--file=-"}
	if req.Amend {
		if ok, err := c.resolves(ctx, "HEAD^{commit}"); err != nil {
			return "", err
		} else if !ok {
			return "", errors.New("nothing to amend: the branch has no commit yet")
		}
		args = append(args, "--amend")
	}
	if _, err := c.invoke(ctx, invocation{args: args, stdin: strings.NewReader(req.Message)}); err != nil {
		return "", err
	}
	out, err := c.runRefs(ctx, "rev-parse", "--verify", "HEAD")
	return strings.TrimSpace(string(out)), err
}

// LastMessage returns the message of the commit checked out at root ("" on
// a branch without commits): what an amend starts from.
func (r *Runner) LastMessage(ctx context.Context, root string) (string, error) {
	c, err := r.open(root)
	if err != nil {
		return "", err
	}
	if ok, err := c.resolves(ctx, "HEAD^{commit}"); err != nil || !ok {
		return "", err
	}
	out, err := c.runRefs(ctx, "log", "-1", "--no-color", "--format=%B", "HEAD", "--")
	return string(out), err
}

// TipMessage returns the message of branch's tip commit in repo: what a
// create over a kept branch tells the person it holds.
func (r *Runner) TipMessage(ctx context.Context, repo, branch string) (string, error) {
	if err := checkBranchSyntax(branch); err != nil {
		return "", err
	}
	c, err := r.open(repo)
	if err != nil {
		return "", err
	}
	out, err := c.runRefs(ctx, "log", "-1", "--no-color", "--format=%B", "--end-of-options", "refs/heads/"+branch, "--")
	return string(out), err
}
