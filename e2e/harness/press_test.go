package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// stories are the e2e story files' sources by base name.
func stories(t *testing.T) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "*_test.go"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no stories found: %v", err)
	}
	out := map[string][]byte{}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(path)] = src
	}
	return out
}

// failAt reports each match of re in the stories as a failure saying why.
func failAt(t *testing.T, re *regexp.Regexp, why string) {
	t.Helper()
	for name, src := range stories(t) {
		for _, loc := range re.FindAllIndex(src, -1) {
			line := 1 + strings.Count(string(src[:loc[0]]), "\n")
			t.Errorf("%s:%d %s", name, line, why)
		}
	}
}

// A story presses an action by its exported ID (app.ActDelete, keys.…),
// never by a string: a renamed action then breaks the build, not a run.
func TestStoriesPressTypedActions(t *testing.T) {
	failAt(t, regexp.MustCompile(`\.Press\(\w+, "`), "presses an action by a string")
}

// A story sends no tmux key name to amux but through a helper named for
// whom the key is for: KeyToProgram (the program in a tab), EditField (a
// text field's editing keys), Answer (a question's own key), PressBound (a
// remapped key). A raw send-keys to the outer terminal, or typing an
// action's key as text, would go around them.
func TestStoriesSendNoRawAmuxKeys(t *testing.T) {
	failAt(t, regexp.MustCompile(`\.(Keys|sendKeys)\(`), "sends raw keys: press amux's keys by action, a program's through KeyToProgram")
	failAt(t, regexp.MustCompile(`\.Type\("[/?:]"\)`), "types an amux key as text: press its action")
	failAt(t, regexp.MustCompile(`outer\.MustRun\(`), "drives the outer terminal around the harness")
}

// refusal is a testing.TB whose Fatalf stops the helper the way the real
// one does, keeping the message.
type refusal struct {
	testing.TB
	msg string
}

type refused struct{}

func (r *refusal) Helper() {}
func (r *refusal) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	panic(refused{})
}

// refuses runs f with a refusal and returns what it was refused with ("":
// it was not).
func refuses(t *testing.T, f func(tb testing.TB)) (msg string) {
	t.Helper()
	r := &refusal{TB: t}
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(refused); !ok {
				panic(p)
			}
			msg = r.msg
		}
	}()
	f(r)
	return ""
}

// EditField takes only the keys that edit a text field, and Answer one
// character: an amux action's key sent through them fails the story before
// anything is sent (the terminal here has no server: a send would panic).
func TestTheNamedKeyHelpersRefuseActionKeys(t *testing.T) {
	term := &Terminal{}
	for _, k := range []string{"D", "q", "C-Space", "Tab", "Down"} {
		if msg := refuses(t, func(tb testing.TB) { term.EditField(tb, "C-u", k) }); !strings.Contains(msg, "not a field-editing key") {
			t.Errorf("EditField(%q): refused with %q", k, msg)
		}
	}
	for _, k := range []string{"", "Enter", "dd"} {
		if msg := refuses(t, func(tb testing.TB) { term.Answer(tb, k) }); !strings.Contains(msg, "one character") {
			t.Errorf("Answer(%q): refused with %q", k, msg)
		}
	}
}
