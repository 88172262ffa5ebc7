package settings

import (
	"context"
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/config"
	"amux.dev/amux/ui/dialog"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

func km() keys.Map { return keys.MustRegistry(keys.ComponentActions()...).Map() }

func key(s string) tea.KeyPressMsg { return keystest.Press(s) }

func run(m Model, ks ...string) (Model, dialog.Outcome) {
	var out dialog.Outcome
	for _, k := range ks {
		m, _, out = m.Update(key(k))
	}
	return m, out
}

func typeIn(m Model, s string) Model {
	for _, r := range s {
		m, _, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

func to(t *testing.T, m Model, id string) Model {
	t.Helper()
	for range len(m.rows) {
		if m.rows[m.cursor].ID == id {
			return m
		}
		m, _ = run(m, "tab")
	}
	t.Fatalf("no row %s", id)
	return m
}

func clear(m Model) Model {
	for range 40 {
		m, _ = run(m, "backspace")
	}
	return m
}

// Everything config.json holds has a row.
func TestEveryConfigValueHasARow(t *testing.T) {
	m := New(theme.Dark(), km(), config.Defaults(), Pending{})
	ids := map[string]bool{}
	for _, r := range m.rows {
		ids[r.ID] = true
	}
	for _, id := range []string{"ui.theme", "ui.show_key_hints", "ui.bell_on_done", "ui.tmux_server", "ui.tmux_config",
		"status.quiet_after_ms", "status.done_window_ms", "status.startup_grace_ms", "ports.start", "ports.end", "ports.size",
		"ui.notifications", "status.short_command_ms", "status.stuck_after_ms", "status.shell_marks",
		"assistant.claude.command", "assistant.claude.interrupt_count", "assistant.shell.interrupt_delay_ms", "assistant.claude.resume_command",
		"notify.command", "notify.on"} {
		if !ids[id] {
			t.Errorf("no row for %s", id)
		}
	}
	view := ansi.Strip(m.View(80, 22))
	if len(strings.Split(view, "\n")) != 22 || !strings.Contains(view, "Theme") {
		t.Fatalf("view at 80×22:\n%s", view)
	}
}

// Moving through the themes previews each; the result carries the one
// confirmed.
func TestThemePreviewAndConfirm(t *testing.T) {
	m := New(theme.Dark(), km(), config.Defaults(), Pending{})
	seen := map[string]bool{}
	for range len(config.ThemeNames()) {
		m, _ = run(m, "right")
		seen[m.Preview()] = true
	}
	if len(seen) != len(config.ThemeNames()) {
		t.Fatalf("previewed %v", seen)
	}
	m, _ = run(m, "right", "right") // dark → light → terminal
	m, out := run(m, "enter")
	if out != dialog.Submitted || m.Result().Sections.UI.Theme != "terminal" {
		t.Fatalf("%v %q", out, m.Result().Sections.UI.Theme)
	}
	if _, out := run(New(theme.Dark(), km(), config.Defaults(), Pending{}), "esc"); out != dialog.Cancelled {
		t.Fatal("esc did not cancel")
	}
}

func TestFieldsValidateAndFollowTheOneLinePasteRule(t *testing.T) {
	m := New(theme.Dark(), km(), config.Defaults(), Pending{})
	m = to(t, m, "ui.tmux_server")
	m, _, _ = m.Update(tea.PasteMsg{Content: "work\nsecond line\x1b[31m"})
	if v := m.rows[m.cursor].Value; v != "work" {
		t.Fatalf("pasted %q, want the first line", v)
	}
	// A paste on a toggle row toggles nothing; one ending in a newline
	// never submits.
	m = to(t, m, "ui.bell_on_done")
	m, _, out := m.Update(tea.PasteMsg{Content: "\n"})
	if m.rows[m.cursor].Value != "on" || out != dialog.Pending {
		t.Fatalf("paste toggled or submitted: %q %v", m.rows[m.cursor].Value, out)
	}
	m = to(t, m, "ports.size")
	m = clear(m)
	m = typeIn(m, "9x99") // letters do not enter a number field
	if v := m.rows[m.cursor].Value; v != "999" {
		t.Fatalf("number field = %q", v)
	}
	m, out = run(m, "enter")
	if out != dialog.Pending || !strings.Contains(m.err, "ports") {
		t.Fatalf("a port size that cannot fit submitted: %v %q", out, m.err)
	}
	m = to(t, m, "status.done_window_ms")
	m = clear(m)
	m = typeIn(m, "0")
	m = to(t, m, "ports.size")
	m = clear(m)
	m = typeIn(m, "20")
	m, out = run(m, "enter")
	if out != dialog.Submitted {
		t.Fatalf("valid values refused: %q", m.err)
	}
	s := m.Result().Sections
	if s.UI.TmuxServer != "work" || s.Ports.Size != 20 || s.Status.DoneWindowMs != 0 {
		t.Fatalf("result %+v", s)
	}
}

func TestAssistantsAddEditRemove(t *testing.T) {
	cfg := config.Defaults()
	cfg.Assistants["aider"] = config.Assistant{Command: "aider", InterruptCount: 1, InterruptDelayMs: 150}
	m := New(theme.Dark(), km(), cfg, Pending{})
	m = to(t, m, "assistant.claude.command")
	if m, _ = run(m, "ctrl+d"); !strings.Contains(m.note, "built in") {
		t.Fatalf("a built-in removable: %q", m.note)
	}
	m = to(t, m, "assistant.claude.interrupt_count")
	m = clear(m)
	m = typeIn(m, "0")
	m = to(t, m, "assistant.aider.command")
	m, _ = run(m, "ctrl+d")
	m, _ = run(m, "ctrl+n")
	m = typeIn(m, "codex-fast")
	m, _ = run(m, "tab")
	m = typeIn(m, "FOO=1 codex --fast")
	m, out := run(m, "enter")
	if out != dialog.Submitted {
		t.Fatalf("refused: %q", m.err)
	}
	r := m.Result()
	if r.Assistants["claude"].InterruptCount != 0 || r.Assistants["codex-fast"].Command != "FOO=1 codex --fast" {
		t.Fatalf("assistants %+v", r.Assistants)
	}
	if len(r.Removed) != 1 || r.Removed[0] != "aider" {
		t.Fatalf("removed %v", r.Removed)
	}
	// A new assistant without a name, or with a taken one, is refused.
	m = New(theme.Dark(), km(), cfg, Pending{})
	m, _ = run(m, "ctrl+n")
	m = typeIn(m, "claude")
	m, out = run(m, "enter")
	if out != dialog.Pending || !strings.Contains(m.err, "exists") {
		t.Fatalf("a taken name: %v %q", out, m.err)
	}
}

// The save rules against real files: a refused save keeps the values live
// and its part pending, the next confirmation retries it with no new
// edits, and the two parts fail and retry apart.
func TestSaveRulesWithRealFiles(t *testing.T) {
	ctx := context.Background()
	home := t.TempDir()
	// The assistants section is not an object: their save is refused; the
	// UI sections' is not.
	os.WriteFile(config.Path(home), []byte(`{"assistants": [1]}`), 0o600)
	live := config.Defaults()
	var pending Pending
	confirm := func(m Model) {
		t.Helper()
		m, out := run(m, "enter")
		if out != dialog.Submitted {
			t.Fatalf("not submitted: %q", m.err)
		}
		sec, as := Plan(live, m.Result(), pending)
		live = Live(live, m.Result())
		var sErr, aErr error
		if sec != nil {
			sErr = config.SaveSections(ctx, home, *sec)
		}
		if as != nil {
			aErr = config.UpdateAssistants(ctx, home, as.Set, as.Remove)
		}
		pending.Saved(sec, sErr, as, aErr)
	}
	m := New(theme.Dark(), km(), live, pending)
	m, _ = run(m, "right") // theme: light
	m = to(t, m, "assistant.codex.command")
	m = typeIn(m, " --fast")
	confirm(m)
	if live.UI.Theme != "light" || live.Assistants["codex"].Command != "codex --fast" {
		t.Fatalf("confirmed values not live: %+v", live.UI)
	}
	if pending.Sections != nil || pending.Assistants == nil {
		t.Fatalf("pending %+v", pending)
	}
	if cfg, _ := config.Load(home); cfg.UI.Theme != "light" {
		t.Fatal("the UI sections were held back by the assistants")
	}
	// Esc drops fresh edits and keeps the obligation.
	m = New(theme.Dark(), km(), live, pending)
	if !strings.Contains(ansi.Strip(m.View(100, 40)), "earlier save failed") {
		t.Fatal("the pending save is not shown")
	}
	m = to(t, m, "assistant.gemini.command")
	m = typeIn(m, " --never")
	if _, out := run(m, "esc"); out != dialog.Cancelled || live.Assistants["gemini"].Command != "gemini" || pending.Assistants == nil {
		t.Fatal("esc changed what is live or pending")
	}
	// Fix the file; the next confirmation, with no edits, retries.
	os.WriteFile(config.Path(home), []byte(`{"ui": {"theme": "light"}}`), 0o600)
	confirm(New(theme.Dark(), km(), live, pending))
	if pending.Any() {
		t.Fatalf("still pending: %+v", pending)
	}
	cfg, _ := config.Load(home)
	if cfg.Assistants["codex"].Command != "codex --fast" {
		t.Fatalf("the retry did not write the earlier change: %+v", cfg.Assistants["codex"])
	}
}

// When the rows do not fit, the dialog says where the view is, so the
// assistants below the fold are found; at the last row it says so too.
func TestViewSaysWhereItIsWhenRowsDoNotFit(t *testing.T) {
	m := New(theme.Dark(), km(), config.Defaults(), Pending{})
	if v := ansi.Strip(m.View(80, 20)); !strings.Contains(v, "more below") || !strings.Contains(v, "lines 1–") {
		t.Fatalf("no position at the top:\n%s", v)
	}
	m.move(-1) // wraps to the last row
	if v := ansi.Strip(m.View(80, 20)); !strings.Contains(v, "more above") || strings.Contains(v, "more below") {
		t.Fatalf("no position at the bottom:\n%s", v)
	}
	if v := ansi.Strip(m.View(80, 200)); strings.Contains(v, "lines ") {
		t.Fatalf("a position shown when everything fits:\n%s", v)
	}
}

// What the dialog says stays until an edit: a message that changes no
// value (the field cursor's blink) must not take "removed x" away.
func TestANoteStaysUntilAnEdit(t *testing.T) {
	cfg := config.Defaults()
	cfg.Assistants["aider"] = config.Assistant{Command: "aider", InterruptCount: 1, InterruptDelayMs: 150}
	m := New(theme.Dark(), km(), cfg, Pending{})
	m = to(t, m, "assistant.aider.command")
	m, _ = run(m, "ctrl+d")
	type blink struct{}
	m, _, _ = m.Update(blink{})
	if !strings.Contains(m.note, "removed aider") {
		t.Fatalf("the note went with a message that edits nothing: %q", m.note)
	}
	m = typeIn(m, "x")
	if m.note != "" {
		t.Fatalf("an edit keeps the old note: %q", m.note)
	}
}
