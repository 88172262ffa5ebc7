package app

import (
	"context"
	"strings"
	"sync"
	"testing"

	"amux.dev/amux/git"
	"amux.dev/amux/ui/keys"
	"amux.dev/amux/workspace"
	"amux.dev/amux/workspace/remote/fleet"
)

// asked records which workspaces and repositories one machine's services
// were asked about, over the real engine it wraps.
type asked struct {
	mu  sync.Mutex
	ids []string
}

func (a *asked) note(what string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.ids = append(a.ids, what)
}

func (a *asked) list() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return strings.Join(a.ids, " ")
}

type askedLife struct {
	workspace.LifecycleService
	*asked
}

func (l askedLife) AtRisk(ctx context.Context, id string) (git.AtRisk, error) {
	l.note("AtRisk:" + id)
	return l.LifecycleService.AtRisk(ctx, id)
}

type askedReview struct {
	workspace.ReviewService
	*asked
}

func (r askedReview) Review(ctx context.Context, id string) (workspace.Review, error) {
	r.note("Review:" + id)
	return r.ReviewService.Review(ctx, id)
}

func (r askedReview) LastMessage(ctx context.Context, id string) (string, error) {
	r.note("LastMessage:" + id)
	return r.ReviewService.LastMessage(ctx, id)
}

func (r askedReview) PreviewMerge(ctx context.Context, id string) (git.MergePreview, string, error) {
	r.note("PreviewMerge:" + id)
	return r.ReviewService.PreviewMerge(ctx, id)
}

type askedTrust struct {
	workspace.TrustService
	*asked
}

func (t askedTrust) ProjectEnv(ctx context.Context, repo string) (map[string]string, error) {
	t.note("ProjectEnv:" + repo)
	return t.TrustService.ProjectEnv(ctx, repo)
}

// watchAsked wraps one machine's services so every ask is recorded.
func watchAsked(svc *fleet.Services) *asked {
	a := &asked{}
	svc.Lifecycle = askedLife{svc.Lifecycle, a}
	svc.Review = askedReview{svc.Review, a}
	svc.Trust = askedTrust{svc.Trust, a}
	return a
}

// A host's workspace and projects are acted on there: the teardown's
// summary, the commit dialog's message, the merge's dry run, the
// sidebar's review and a project's registries are asked of the host's
// services, never of this machine's with a host's IDs and paths.
func TestAHostsWorkspaceIsActedOnThere(t *testing.T) {
	f := &fakeFleet{}
	f.setHost(buildHost("idle"))
	m := newFleetModel(t, f, 120, 40)
	host := f.svc["build"]
	onHost := watchAsked(&host)
	f.svc["build"] = host
	here := watchAsked(&m.remote.route.local)

	m.list.selectWorkspace(remoteWS)
	for _, id := range []keys.ActionID{actDelete, actCommit, actMerge, actShowDiff, actToggleSidebar, actRenameWorkspace, actRunScript} {
		if ok, why := m.available(id); !ok {
			t.Fatalf("%s on a host's row: %q", id, why)
		}
	}
	if ok, why := m.available(actTimeline); ok || !strings.Contains(why, "on build") {
		t.Fatalf("the timeline on a host's row: %v %q", ok, why)
	}
	runRemote(m, m.run(actDelete))
	runRemote(m, m.run(actCommit))
	runRemote(m, m.run(actMerge))
	if got := m.list.sideWorkspace(); got != remoteWS {
		t.Fatalf("the sidebar follows %q, want the host's workspace", got)
	}
	runRemote(m, m.run(actToggleSidebar))
	runRemote(m, m.syncSidebar())
	m.list.rows.SelectHost("build")
	m.list.move(1) // the host's project row
	runRemote(m, m.run(actEditEnv))

	want := []string{"AtRisk:" + remoteWS, "LastMessage:" + remoteWS, "PreviewMerge:" + remoteWS, "Review:" + remoteWS,
		"ProjectEnv:/srv/shop"}
	got := onHost.list()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("the host was not asked %s (asked: %s)", w, got)
		}
	}
	if strings.Contains(here.list(), remoteWS) || strings.Contains(here.list(), "/srv/shop") {
		t.Errorf("this machine was asked about the host's workspace: %s", here.list())
	}
}
