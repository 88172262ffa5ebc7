package projecttree

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"amux.dev/amux/ui/keys"
	"amux.dev/amux/ui/keys/keystest"
	"amux.dev/amux/ui/theme"
)

const scope keys.Scope = "tree"

func newTree(t *testing.T, r Reader) Model {
	t.Helper()
	reg, err := keys.NewRegistry(DefaultActions(scope)...)
	if err != nil {
		t.Fatal(err)
	}
	if r == nil {
		r = NewDirReader()
	}
	m := New(theme.Dark(), reg.Map(), r)
	m.SetSize(60, 30)
	return m
}

// settle runs cmd and every command its messages lead to, feeding each
// message back, until nothing is left.
func settle(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case nil:
		default:
			var next tea.Cmd
			m, next = m.Update(msg)
			queue = append(queue, next)
		}
	}
	return m
}

func key(s string) tea.KeyPressMsg { return keystest.Press(s) }

// press sends keys, running what each asks for.
func press(t *testing.T, m Model, ks ...string) Model {
	for _, k := range ks {
		var cmd tea.Cmd
		m, cmd = m.Update(key(k))
		m = settle(t, m, cmd)
	}
	return m
}

func mkTree(t *testing.T) string {
	root := t.TempDir()
	for _, p := range []string{"src/app/main.go", "src/lib/util.go", "docs/guide.md", "README.md"} {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

func view(m Model) string { return ansi.Strip(m.View()) }

// selectPath moves the cursor to the row of path.
func selectPath(t *testing.T, m Model, p string) Model {
	t.Helper()
	for i, r := range m.list.Rows() {
		if r.kind == entryRow && r.path == p {
			m.list.SetCursor(i)
			m.remember()
			return m
		}
	}
	t.Fatalf("no row %q in\n%s", p, view(m))
	return m
}

func TestSwitchingReturnsAtOnceShowingLoadingThenRows(t *testing.T) {
	root := mkTree(t)
	m := newTree(t, nil)
	cmd := m.SetWorkspace("ws1", root)
	if cmd == nil || !strings.Contains(view(m), "…") || strings.Contains(view(m), "README") {
		t.Fatalf("before the read:\n%s", view(m))
	}
	m = settle(t, m, cmd)
	v := view(m)
	if !strings.Contains(v, "docs/") || !strings.Contains(v, "README.md") || strings.Contains(v, ".git") {
		t.Fatalf("after the read:\n%s", v)
	}
	if strings.Index(v, "src/") > strings.Index(v, "README.md") {
		t.Fatal("directories are not listed first")
	}
	m = selectPath(t, m, "src")
	var open tea.Cmd
	m, open = m.Update(key("enter"))
	if !strings.Contains(view(m), "src/ …") {
		t.Fatalf("expanding shows no loading marker:\n%s", view(m))
	}
	m = settle(t, m, open)
	if !strings.Contains(view(m), "app/") {
		t.Fatalf("expanded:\n%s", view(m))
	}
}

// TestUnreadableDirectoryShowsAnErrorWithRetry: a directory that became a
// file after it was listed cannot be read; its row says why and r retries.
func TestUnreadableDirectoryShowsAnErrorWithRetry(t *testing.T) {
	root := mkTree(t)
	m := newTree(t, nil)
	m = settle(t, m, m.SetWorkspace("ws1", root))
	docs := filepath.Join(root, "docs")
	if err := os.RemoveAll(docs); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(docs, []byte("not a dir"), 0o644); err != nil {
		t.Fatal(err)
	}
	m = selectPath(t, m, "docs")
	m = press(t, m, "enter")
	v := view(m)
	if !strings.Contains(v, "✗ not a directory · r: retry") {
		t.Fatalf("no error row:\n%s", v)
	}
	if strings.Contains(v, "guide.md") {
		t.Fatal("error shown with stale children")
	}
	os.Remove(docs)
	os.MkdirAll(filepath.Join(docs, "again"), 0o755)
	m = press(t, m, "j", "r") // on the error row
	if v := view(m); !strings.Contains(v, "again/") || strings.Contains(v, "✗") {
		t.Fatalf("after retry:\n%s", v)
	}
}

func TestRefreshKeepsExpansionAndCursorByPath(t *testing.T) {
	root := mkTree(t)
	m := newTree(t, nil)
	m = settle(t, m, m.SetWorkspace("ws1", root))
	m = press(t, selectPath(t, m, "src"), "enter")
	m = press(t, selectPath(t, m, "src/app"), "enter")
	m = press(t, selectPath(t, m, "src/lib"), "enter")
	m = selectPath(t, m, "src/lib/util.go")
	// Changes on disk: a new file above the cursor, src/app deleted.
	os.WriteFile(filepath.Join(root, "src", "aaa.txt"), nil, 0o644)
	os.RemoveAll(filepath.Join(root, "src", "app"))
	m = press(t, m, "r")
	if p, _, _ := m.Selected(); p != "src/lib/util.go" {
		t.Fatalf("cursor on %q after refresh", p)
	}
	v := view(m)
	if !strings.Contains(v, "aaa.txt") || strings.Contains(v, "main.go") || !m.Expanded("src/lib") {
		t.Fatalf("after refresh:\n%s", v)
	}
	if _, ok := m.nodes["src/app/main.go"]; ok {
		t.Fatal("the deleted directory's subtree is still known")
	}
}

func TestLateResultsFromAnotherWorkspaceAreDropped(t *testing.T) {
	a, b := mkTree(t), t.TempDir()
	os.WriteFile(filepath.Join(b, "only-in-b"), nil, 0o644)
	m := newTree(t, nil)
	late := m.SetWorkspace("A", a)
	m = settle(t, m, m.SetWorkspace("B", b))
	m = settle(t, m, late)
	if v := view(m); strings.Contains(v, "README.md") || !strings.Contains(v, "only-in-b") {
		t.Fatalf("mixed workspaces:\n%s", v)
	}
}

func TestFilterIsALensThatKeepsExpansion(t *testing.T) {
	root := mkTree(t)
	m := newTree(t, nil)
	m = settle(t, m, m.SetWorkspace("ws1", root))
	m = press(t, selectPath(t, m, "src"), "enter")
	m = press(t, selectPath(t, m, "src/lib"), "enter", "h") // read, then collapsed
	before := view(m)
	m = press(t, m, "/", "u", "t", "i", "l")
	v := view(m)
	if !strings.Contains(v, "util.go") || !strings.Contains(v, "src/") || strings.Contains(v, "README") || strings.Contains(v, "docs/") {
		t.Fatalf("filtered:\n%s", v)
	}
	if m.Expanded("src/lib") {
		t.Fatal("filtering expanded a directory")
	}
	// docs was never expanded: guide.md cannot match.
	m = press(t, m, "esc", "/", "g", "u", "i", "d", "e")
	if strings.Contains(view(m), "guide.md") {
		t.Fatal("an unread directory's child matched")
	}
	m = press(t, m, "esc")
	if after := view(m); after != before {
		t.Fatalf("clearing did not restore the view:\n%s\nwas:\n%s", after, before)
	}
}

func TestLinksAreShownNeverFollowed(t *testing.T) {
	root := t.TempDir()
	os.Symlink("/dev/tty", filepath.Join(root, "tty"))
	os.Symlink("/", filepath.Join(root, "slash"))
	m := newTree(t, nil)
	m = settle(t, m, m.SetWorkspace("ws1", root))
	m = selectPath(t, m, "slash")
	m, cmd := m.Update(key("enter"))
	if len(m.list.Rows()) != 2 {
		t.Fatalf("a link was followed: rows %d", len(m.list.Rows()))
	}
	if r := requestOf(t, cmd); r.Op != OpExplain || r.Path != "slash" || !strings.Contains(r.Why, "symbolic link") {
		t.Fatalf("enter on a link asks for %+v", r)
	}
	if _, err := listDir(filepath.Join(root, "slash"), 10); err == nil {
		t.Fatal("listDir followed a link to a directory")
	}
}

// Enter on a FIFO or a link to a device opens nothing and says why: the
// app shows the reason instead of a viewer that would block on the read.
func TestSpecialFilesSayWhyTheyDoNotOpen(t *testing.T) {
	root := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Symlink("/dev/tty", filepath.Join(root, "tty"))
	m := newTree(t, nil)
	m = settle(t, m, m.SetWorkspace("ws1", root))
	for name, why := range map[string]string{"pipe": "named pipe (FIFO), not a regular file", "tty": "symbolic link"} {
		var cmd tea.Cmd
		m, cmd = selectPath(t, m, name).Update(key("enter"))
		if r := requestOf(t, cmd); r.Op != OpExplain || r.Path != name || !strings.Contains(r.Why, why) {
			t.Errorf("enter on %s asks for %+v, want it to say %q", name, r, why)
		}
	}
}

// requestOf runs cmd and returns the RequestMsg it gives.
func requestOf(t *testing.T, cmd tea.Cmd) RequestMsg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no request")
	}
	r, ok := cmd().(RequestMsg)
	if !ok {
		t.Fatal("the command is not a request")
	}
	return r
}

func TestOutsideNamesAreInert(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "evil\x1b]8;;x\x07name"), nil, 0o644)
	m := newTree(t, nil)
	m = settle(t, m, m.SetWorkspace("ws", root))
	if strings.Contains(m.View(), "\x1b]") || !strings.Contains(view(m), "evil") {
		t.Fatalf("view %q", m.View())
	}
}
