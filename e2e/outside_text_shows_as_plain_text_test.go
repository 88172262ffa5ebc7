package e2e

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"amux.dev/amux/app"
	"amux.dev/amux/e2e/harness"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
)

// Text from outside amux is drawn as plain text: a project directory whose
// name holds a colour (blink), an OSC 8 link and a right-to-left override,
// a tab renamed with an override and a zero-width space in it, and an
// agent reporting a message with the same. Nothing of it reaches the
// terminal as a sequence or an invisible character; the visible letters
// stay.
func TestOutsideTextShowsAsPlainText(t *testing.T) {
	env := harness.NewEnv(t)
	agent := harness.PrepareFakeAgent(t)
	env.WriteFakeAssistant(t, agent)
	hostile := "shop\x1b[5mblink\x1b[0m\x1b]8;;mailto:evil\x1b\\link\x1b]8;;\x1b\\\u202eroc\u200b"
	repo := env.NewRepo(t, hostile)
	// ("/" cannot be in a name, so the link has no slashes.) Typed into the picker, the ESC would close it: the entry comes from
	// projects.json, as another tool (or an older amux) could have written it.
	if _, err := workspace.NewStore(env.StateHome).AddProject(context.Background(), repo, ""); err != nil {
		t.Fatal(err)
	}
	term := harness.StartAmux(t, env, 140, 40)
	output := term.RecordOutput(t)
	term.WaitText("▾ shopblink")
	term.CreateWorkspace(t, "feat", "")

	term.Press(t, app.ActNewAgent)
	term.WaitText("New agent tab")
	term.Type("fake")
	term.Press(t, keys.ListChoose)
	agent.WaitReady(t)
	term.WaitText("fakeagent ready")
	agent.Report("state=blocked:kind=question:app=fake:msg=" + harness.B64("approve\u202e\u200b it"))
	term.WaitText("blocked (question): approve")
	term.LeaveTerminal(t)
	term.Press(t, app.ActRenameTab)
	term.WaitText("Rename tab")
	term.Type("plan\u202eer\u200b")
	term.Press(t, keys.FormSubmit)
	term.WaitGone("Rename tab")
	// The recording holds every frame since the start, the workspace's
	// facts (its worktree path) among them; the screen holds the tab bar.
	screen := term.WaitText(" 1 plan")

	for _, bad := range []string{"\u202e", "\u200b"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen shows %U raw:\n%s", []rune(bad)[0], screen)
		}
	}
	raw := output()
	for _, bad := range []string{"\u202e", "\u200b", "\x1b]8;"} {
		if bytes.Contains(raw, []byte(bad)) {
			t.Errorf("amux sent %q to the terminal", bad)
		}
	}
	if blinks(raw) {
		t.Error("amux sent the directory name's blink attribute to the terminal")
	}
	if t.Failed() {
		t.FailNow()
	}
	for _, want := range []string{"shopblinklinkroc", "approve it", " 1 planer "} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
}

// blinks reports whether an SGR sequence in out turns blink on: parameter
// 5 on its own, not as part of a 38/48/58 colour.
func blinks(out []byte) bool {
	for {
		i := bytes.Index(out, []byte("\x1b["))
		if i < 0 {
			return false
		}
		out = out[i+2:]
		end := bytes.IndexFunc(out, func(r rune) bool { return r >= 0x40 && r <= 0x7e })
		if end < 0 {
			return false
		}
		params, final := string(out[:end]), out[end]
		out = out[end+1:]
		if final != 'm' {
			continue
		}
		fields := strings.Split(params, ";")
		for j := 0; j < len(fields); j++ {
			switch f := fields[j]; {
			case f == "38" || f == "48" || f == "58":
				if j+1 < len(fields) && fields[j+1] == "5" {
					j += 2
				} else if j+1 < len(fields) && fields[j+1] == "2" {
					j += 4
				}
			case f == "5":
				return true
			}
		}
	}
}
