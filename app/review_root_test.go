package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"amux.dev/amux/app/review"
)

// Through the root: the diff key opens the viewer, a new size reaches it,
// an editor for an unknown workspace is refused with a notice, and a
// Project-tree file opens read-only. The owner's own answers are tested
// in app/review; here only what the root does with them.
func TestTheRootAppliesTheReviewOwnersOutcomes(t *testing.T) {
	m, rec := realWorkspace(t, 120, 40)
	settle(t, m, m.applyOwned(m.review.WorkspaceDiff(m.reviewScene())))
	if v := screenText(m); !strings.Contains(v, "two changed") || !strings.Contains(v, "· unstaged") {
		t.Fatalf("the viewer does not show the change:\n%s", v)
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	if w, h := shownSize(m.overlay.View(100, 30)); w != 100 || h != 30 {
		t.Fatalf("the viewer is %d×%d after a resize", w, h)
	}
	m.Update(editorReq{WS: "nope", Path: "x"})
	if m.overlay == nil || !strings.Contains(m.notice.text, "not loaded") {
		t.Fatalf("an editor for an unknown workspace: overlay %T, notice %q", m.overlay, m.notice.text)
	}
	if err := os.WriteFile(filepath.Join(rec.Root, "new.txt"), []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	settle(t, m, m.update(review.OpenFileView{WS: rec.WorkspaceID(), Path: "new.txt"}))
	if v := screenText(m); !strings.Contains(v, "new.txt · read-only") {
		t.Fatalf("a tree file is not shown read-only:\n%s", v)
	}
}
