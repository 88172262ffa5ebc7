package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"amux.dev/amux/workspace"
)

// A workspace created through the client is made by the host's own engine:
// its record is in the host's state home, its worktree under it, the steps
// reach the caller's observer here, and the host pushes the new record.
func TestCreateAWorkspaceOnARemoteHost(t *testing.T) {
	s, h, repo := connectedHost(t)

	ctx := t.Context()
	if _, err := h.AddProject(ctx, repo); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var steps []string
	res, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "checkout-flow", SkipSetup: true,
		Observe: func(op, step, id string) { mu.Lock(); steps = append(steps, op+":"+step); mu.Unlock() }})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if _, err := os.Stat(filepath.Join(s.RemoteState, "workspaces", id, "workspace.json")); err != nil {
		t.Fatalf("no record in the host's state home: %v", err)
	}
	if !strings.HasPrefix(res.Workspace.Root, s.RemoteState) {
		t.Fatalf("worktree %s is not under the host's state home %s", res.Workspace.Root, s.RemoteState)
	}
	mu.Lock()
	n := len(steps)
	mu.Unlock()
	if n == 0 {
		t.Fatal("the caller's observer heard no step")
	}
	awaitHost(t, h, 10*time.Second, "the record pushed", func() bool {
		for _, r := range h.State().Records {
			if r.ID == id && r.Name == "checkout-flow" {
				return true
			}
		}
		return false
	})
	if _, err := h.Create(ctx, workspace.CreateRequest{Repo: repo, Name: "bad name!", SkipSetup: true}); err == nil {
		t.Fatal("a bad name was accepted")
	}
}
