package tmux_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"amux.dev/amux/tmux"
	"amux.dev/amux/tmux/tmuxtest"
)

func TestDiscoveryNoServerIsEmpty(t *testing.T) {
	srv := tmuxtest.New(t)
	list, err := tmux.ListSessions(context.Background(), srv)
	if err != nil || len(list) != 0 {
		t.Fatalf("no server: list=%v err=%v", list, err)
	}
}

func TestDiscoveryKeepsAmuxNamesAndReadsTags(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	tab := tmux.SessionName("amux", "0123456789abcdef", "tab-aa-1")
	srv.Session(t, tab, map[string]string{
		tmux.TagManaged: "1", tmux.TagWorkspace: "0123456789abcdef",
		tmux.TagTab: "tab-aa-1", tmux.TagType: tmux.TypeAgent, tmux.TagAssistant: "claude",
	})
	srv.Session(t, "foreign", map[string]string{tmux.TagManaged: "1"})
	srv.Session(t, "amux-untagged", nil)

	list, err := tmux.ListSessions(ctx, srv)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("want the two amux-named sessions, got %+v", list)
	}
	byName := map[string]tmux.SessionInfo{}
	for _, s := range list {
		byName[s.Name] = s
		if !strings.HasPrefix(s.ID, "$") {
			t.Errorf("session id %q is not a $N id", s.ID)
		}
	}
	got := byName[tab]
	if !got.Managed || got.Workspace != "0123456789abcdef" || got.Tab != "tab-aa-1" ||
		got.Type != "agent" || got.Assistant != "claude" {
		t.Fatalf("tags not read back: %+v", got)
	}
	if u := byName["amux-untagged"]; u.Managed || u.Workspace != "" {
		t.Fatalf("untagged session reported tags: %+v", u)
	}
}

// A session whose name contains the separator must not be able to forge the
// tag columns, because the name is the last field and split is bounded.
func TestDiscoveryNameCannotForgeTags(t *testing.T) {
	srv := tmuxtest.New(t)
	forged := "amux-victim|1|0123456789abcdef|tab-x|run"
	srv.Session(t, forged, nil)
	list, err := tmux.ListSessions(context.Background(), srv)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 {
		t.Fatalf("got %+v", list)
	}
	s := list[0]
	if s.Name != forged {
		t.Fatalf("name mangled: %q", s.Name)
	}
	if s.Managed || s.Workspace != "" || s.Tab != "" || s.Type != "" {
		t.Fatalf("name forged tag values: %+v", s)
	}
	runs, err := tmux.FindRunSessions(context.Background(), srv, "0123456789abcdef")
	if err != nil || len(runs) != 0 {
		t.Fatalf("forged name found as run session: %+v %v", runs, err)
	}
}

func TestDiscoveryUnicodeNamesSurvive(t *testing.T) {
	srv := tmuxtest.New(t)
	name := "amux-café-日本"
	srv.Session(t, name, map[string]string{tmux.TagManaged: "1"})
	s, ok, err := tmux.FindSession(context.Background(), srv, name)
	if err != nil || !ok || s.Name != name {
		t.Fatalf("unicode name: %+v ok=%v err=%v", s, ok, err)
	}
}

func TestFindRunSessionsUsesTagsNotNames(t *testing.T) {
	srv := tmuxtest.New(t)
	ws := "0123456789abcdef"
	run := map[string]string{tmux.TagManaged: "1", tmux.TagWorkspace: ws, tmux.TagType: tmux.TypeRun}
	srv.Session(t, tmux.RunSessionName(ws, 1), run)
	// Named as a run session of ws, but tagged as another workspace.
	srv.Session(t, tmux.RunSessionName(ws, 2), map[string]string{
		tmux.TagManaged: "1", tmux.TagWorkspace: "ffffffffffffffff", tmux.TagType: tmux.TypeRun})
	// Named anything, tagged as a run of ws: it is one.
	srv.Session(t, "amux-odd-name", run)
	// Right workspace, wrong type.
	srv.Session(t, tmux.SessionName("amux", ws, "tab-1"), map[string]string{
		tmux.TagManaged: "1", tmux.TagWorkspace: ws, tmux.TagType: tmux.TypeAgent})

	runs, err := tmux.FindRunSessions(context.Background(), srv, ws)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range runs {
		names = append(names, r.Name)
	}
	if len(runs) != 2 || !contains(names, tmux.RunSessionName(ws, 1)) || !contains(names, "amux-odd-name") {
		t.Fatalf("run sessions = %q", names)
	}
}

func TestTagsReadWriteBareNameAndSemicolons(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	name := "amux-tags"
	srv.Session(t, name, nil)
	values := []string{"plain", "ends;", ";", `back\;`, "with space", "a;b", "-dash", "日本"}
	for _, v := range values {
		if _, err := srv.Run(ctx, tmux.Chain(tmux.SetSessionOptionArgs(name, tmux.TagAssistant, v),
			tmux.SetSessionOptionArgs(name, tmux.TagType, v))...); err != nil {
			t.Fatalf("set %q: %v", v, err)
		}
		for _, key := range []string{tmux.TagAssistant, tmux.TagType} {
			if got := showOption(t, srv, "-t", name, key); got != v {
				t.Fatalf("%s round trip %q -> %q", key, v, got)
			}
		}
	}
	if got := showOption(t, srv, "-t", name, tmux.TagWorkspace); got != "" {
		t.Fatalf("unset tag = %q", got)
	}
}

// Pane and global writers chain like session ones, and an unset pane option
// is gone, not merely empty.
func TestPaneAndGlobalOptionArgs(t *testing.T) {
	srv := tmuxtest.New(t)
	ctx := context.Background()
	pane := srv.Session(t, "amux-opts", nil).PaneID
	if _, err := srv.Run(ctx, tmux.Chain(
		tmux.SetPaneOptionArgs(pane, tmux.PaneReportedState, "done;"),
		tmux.SetPaneOptionArgs(pane, tmux.PaneReportedApp, "a;b"),
		tmux.SetGlobalOptionArgs(tmux.TagSessionOwner, "inst;1"),
	)...); err != nil {
		t.Fatal(err)
	}
	if got := showOption(t, srv, "-p", "-t", pane, tmux.PaneReportedState); got != "done;" {
		t.Fatalf("pane option = %q", got)
	}
	if got := showOption(t, srv, "-g", tmux.TagSessionOwner); got != "inst;1" {
		t.Fatalf("global option = %q", got)
	}
	// A format in the session sees the global value.
	if got := srv.MustRun(t, "display-message", "-p", "-t", pane, "#{"+tmux.TagSessionOwner+"}"); got != "inst;1\n" {
		t.Fatalf("global option through a format = %q", got)
	}
	if _, err := srv.Run(ctx, tmux.Chain(nil, tmux.UnsetPaneOptionArgs(pane, tmux.PaneReportedState), nil)...); err != nil {
		t.Fatal(err)
	}
	if got := srv.MustRun(t, "show-options", "-p", "-t", pane); strings.Contains(got, tmux.PaneReportedState) || !strings.Contains(got, tmux.PaneReportedApp) {
		t.Fatalf("pane options after unset: %q", got)
	}
	if tmux.Chain() != nil || tmux.Chain(nil, []string{}) != nil {
		t.Fatal("a chain of nothing is not nil")
	}
}

// showOption reads one option's value ("" when unset): flags choose the
// table (-p pane, -g global, none: session) and the target.
func showOption(t *testing.T, srv *tmuxtest.Server, args ...string) string {
	t.Helper()
	out := srv.MustRun(t, append([]string{"show-options", "-q", "-v"}, args...)...)
	return strings.TrimSuffix(out, "\n")
}

func TestCommandErrorCarriesStderr(t *testing.T) {
	srv := tmuxtest.New(t)
	srv.Session(t, "amux-x", nil)
	_, err := srv.Run(context.Background(), "kill-session", "-t", "=no-such-session")
	var ce *tmux.CommandError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "can't find session") {
		t.Fatalf("error does not carry tmux stderr: %v", err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
