package workspace

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// envDump is a setup command that records the variables scripts receive.
const envDump = `printf '%s\n' "port=$AMUX_PORT" "range=$AMUX_PORT_RANGE" "root=$AMUX_WORKSPACE_ROOT" "name=$AMUX_WORKSPACE_NAME" "id=$AMUX_WORKSPACE_ID" "env=$AMUX_ENV" "db=$DB" "pwd=$(pwd)" > env.out`

func TestRepoScriptsNeedTrustOfExactContent(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, map[string]string{
		RepoScriptsFile: `{"setup-workspace": ["` + strings.ReplaceAll(envDump, `"`, `\"`) + `"], "run": "true"}`,
	})
	e := newEngine(t, nil)
	if err := e.Store().SetProjectEnv(ctx, repo, map[string]string{"DB": "postgres://x"}); err != nil {
		t.Fatal(err)
	}
	// Lower-precedence sources must not be consulted when the repo defines
	// the kind, even though they would not need trust.
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Setup: []string{"touch project-ran"}}); err != nil {
		t.Fatal(err)
	}
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatal(err)
	}
	var ue *UntrustedError
	if !errors.Is(res.SetupErr, ErrUntrusted) || !errors.As(res.SetupErr, &ue) {
		t.Fatalf("setup err = %v", res.SetupErr)
	}
	if ue.Script.Kind != KindSetup || ue.Script.Source != SourceRepo || ue.Repo != repo || len(ue.Script.Commands) != 1 {
		t.Fatalf("untrusted error carries %+v", ue)
	}
	ws := res.Workspace
	if exists(filepath.Join(ws.Root, "env.out")) || exists(filepath.Join(ws.Root, "project-ran")) {
		t.Fatal("a script ran before approval")
	}

	if err := e.Store().Trust(ctx, repo, ue.Script); err != nil {
		t.Fatal(err)
	}
	if _, err := e.RunSetup(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, filepath.Join(ws.Root, "env.out"))
	for _, want := range []string{"port=6200\n", "range=6200-6209\n", "root=" + ws.Root + "\n", "name=feat\n",
		"id=" + ws.ID + "\n", "env=1\n", "db=postgres://x\n", "pwd=" + ws.Root + "\n"} {
		if !contains(got, want) {
			t.Errorf("script env lacks %q:\n%s", want, got)
		}
	}

	// Any edit asks again.
	mustWrite(t, filepath.Join(ws.Root, RepoScriptsFile), `{"setup-workspace": "`+strings.ReplaceAll(envDump, `"`, `\"`)+` "}`)
	if _, err := e.RunSetup(ctx, ws.ID); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("edited script ran: %v", err)
	}
	// Revoking the approval of the original makes it untrusted too.
	mustWrite(t, filepath.Join(ws.Root, RepoScriptsFile), `{"setup-workspace": ["`+strings.ReplaceAll(envDump, `"`, `\"`)+`"]}`)
	if _, err := e.RunSetup(ctx, ws.ID); err != nil {
		t.Fatalf("original content no longer trusted: %v", err)
	}
	if err := e.Store().Revoke(ctx, repo, KindSetup); err != nil {
		t.Fatal(err)
	}
	if _, err := e.RunSetup(ctx, ws.ID); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("revoked script ran: %v", err)
	}
}

func TestScriptSourceOrder(t *testing.T) {
	ctx := context.Background()
	repo := newRepo(t, map[string]string{RepoScriptsFile: `{"run": "repo-run"}`})
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	if _, err := e.Store().SetScripts(ctx, id, ScriptSet{Run: "ws-run", Archive: "ws-archive"}); err != nil {
		t.Fatal(err)
	}
	if err := e.Store().SetProjectScripts(ctx, repo, ScriptSet{Run: "p-run", Archive: "p-archive", OnDone: "p-done"}); err != nil {
		t.Fatal(err)
	}
	rec, _ := e.Store().Load(id)
	for kind, want := range map[ScriptKind]Source{KindRun: SourceRepo, KindArchive: SourceWorkspace, KindOnDone: SourceProject} {
		sc, ok, err := e.ResolveScript(rec, kind)
		if err != nil || !ok || sc.Source != want {
			t.Errorf("%s: %+v ok=%v err=%v, want source %s", kind, sc, ok, err, want)
		}
	}
	if _, ok, _ := e.ResolveScript(rec, KindSetup); ok {
		t.Error("setup resolved from nowhere")
	}
	mustWrite(t, filepath.Join(rec.Root, RepoScriptsFile), "{corrupt")
	if _, _, err := e.ResolveScript(rec, KindRun); err == nil {
		t.Error("a corrupt repo scripts file must be an error, not a guess")
	}
}

func TestOnDoneHookRunsDetached(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	repo := newRepo(t, nil)
	e := newEngine(t, nil)
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Store().SetScripts(ctx, res.Workspace.ID, ScriptSet{OnDone: `echo "$AMUX_SCRIPT" > done.out`}); err != nil {
		t.Fatal(err)
	}
	ch, err := e.RunOnDone(ctx, res.Workspace.ID)
	if err != nil {
		t.Fatal(err)
	}
	cancel() // the caller's context ending does not kill a detached hook
	r := <-ch
	if !r.Ran || r.Failed != -1 {
		t.Fatalf("on-done result %+v", r)
	}
	if got := readFile(t, filepath.Join(res.Workspace.Root, "done.out")); got != "on-done\n" {
		t.Fatalf("done.out = %q", got)
	}
}
