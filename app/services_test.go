package app

import (
	"context"
	"testing"

	"amux.dev/amux/workspace"
)

// cannedReview is a second implementation of the review service, as a
// remote host's will be: only Review answers (the embedded nil interface
// makes any other call panic, which would say the sidebar reached for more
// than it should).
type cannedReview struct {
	workspace.ReviewService
	asked []string
}

func (c *cannedReview) Review(_ context.Context, id string) (workspace.Review, error) {
	c.asked = append(c.asked, id)
	return workspace.Review{Base: "trunk", CommitCount: 3}, nil
}

// The sidebar reads a workspace's changes through Deps.Review alone: any
// implementation of the service stands in for the local engine.
func TestTheSidebarReviewsThroughTheReviewService(t *testing.T) {
	m := newTestModel(t, 120, 40)
	fake := &cannedReview{}
	m.deps.Review = fake
	m.remote.route.local.Review = fake // every owner finds this machine's services through the router
	m.side.ws, m.side.loading = "2222222222222222", false
	cmd := m.side.refresh()
	if cmd == nil {
		t.Fatal("no review asked for")
	}
	msg, ok := cmd().(sideReviewMsg)
	if !ok || msg.err != nil || msg.review.Base != "trunk" || msg.review.CommitCount != 3 {
		t.Fatalf("review message %+v, want the service's answer", msg)
	}
	if len(fake.asked) != 1 || fake.asked[0] != "2222222222222222" {
		t.Fatalf("the service was asked for %v", fake.asked)
	}
}
