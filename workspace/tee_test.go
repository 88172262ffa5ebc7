package workspace

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func TestSetupOutputIsCopiedToTheRequestsWriter(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{"echo out; echo err >&2"}}); err != nil {
		t.Fatal(err)
	}
	var got lockedBuffer
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", Output: &got})
	if err != nil || res.SetupErr != nil {
		t.Fatal(err, res.SetupErr)
	}
	s := got.b.String()
	if !strings.Contains(s, "out\n") || !strings.Contains(s, "err\n") || !strings.Contains(s, "finished") {
		t.Fatalf("copied output %q", s)
	}
	file, _ := ReadTail(e.OutputPath(res.Workspace.ID, KindSetup), 1<<20)
	if string(file) != s {
		t.Fatalf("the file and the copy differ:\n%q\n%q", file, s)
	}
}

func TestStepObserverSeesTheTeardownInOrder(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	obs := Observer(func(op, step, _ string) { steps = append(steps, op+":"+step) })
	if _, err := e.Delete(ctx, res.Workspace.ID, DeleteOptions{Observe: obs}); err != nil {
		t.Fatal(err)
	}
	want := "delete:tombstone delete:drain delete:kill-runs delete:archive delete:remove-worktree delete:remove-record"
	if got := strings.Join(steps, " "); got != want {
		t.Fatalf("steps %q, want %q", got, want)
	}
}
