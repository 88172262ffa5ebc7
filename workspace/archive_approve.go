package workspace

import (
	"context"
	"errors"
	"fmt"
)

// A delete or shelve runs the workspace's archive script, and one from the
// repository runs only once approved. The delete dialog asks up front —
// approve it (and it runs) or tear down without it — instead of the
// teardown refusing at its first step.

// ArchiveToApprove returns the archive script a delete or shelve of id
// would run but may not yet: the repository's, not approved (nil when
// there is none, it is the person's own, or it is approved). A scripts
// file that cannot be used is no question either: the teardown skips it.
func (e *Engine) ArchiveToApprove(id string) (*UntrustedError, error) {
	rec, err := e.store.Load(id)
	if err != nil {
		return nil, err
	}
	if rec.Shelved {
		return nil, nil // no tree to archive
	}
	_, _, err = e.trustedScript(rec, KindArchive)
	var ue *UntrustedError
	switch {
	case errors.As(err, &ue):
		return ue, nil
	case errors.Is(err, ErrRepoScripts):
		return nil, nil
	}
	return nil, err
}

// ApproveArchive records the person's approval of exactly sc, the archive
// script they were shown (ArchiveToApprove's), so the teardown that
// follows runs it. Changed since it was shown, it is asked about again:
// the teardown's own trust gate refuses the new content.
func (e *Engine) ApproveArchive(ctx context.Context, id string, sc Script) error {
	if sc.Kind != KindArchive {
		return fmt.Errorf("approve archive: got a %s script", sc.Kind)
	}
	rec, err := e.store.Load(id)
	if err != nil {
		return err
	}
	return e.trust(ctx, rec, sc)
}
