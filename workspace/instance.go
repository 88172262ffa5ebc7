package workspace

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"amux.dev/amux/ports"
	"amux.dev/amux/tmux"
)

// NewInstanceID mints an amux process's @amux_instance: the state home's
// namespace (so adoption can tell this home's sessions from another's) and
// a random part.
func NewInstanceID(stateHome string) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return InstanceNamespace(stateHome) + "-" + hex.EncodeToString(b)
}

// InstanceNamespace is the state-home part of instance IDs.
func InstanceNamespace(stateHome string) string {
	sum := sha256.Sum256([]byte(stateHome))
	return hex.EncodeToString(sum[:4])
}

// AdoptionProbe decides whether a missing port registry may be created
// (ports' first-upgrade adoption): any amux-named or @amux-tagged session
// on the server whose instance is absent or from this state home might
// hold a range the registry cannot see.
func AdoptionProbe(r tmux.Runner, stateHome string) ports.AdoptionProbe {
	ns := InstanceNamespace(stateHome) + "-"
	return func(ctx context.Context) (bool, error) {
		all, err := tmux.ListAllSessions(ctx, r)
		if err != nil {
			return true, err
		}
		for _, s := range all {
			if !tmux.IsAmuxName(s.Name) && !s.Managed {
				continue
			}
			if s.Instance == "" || strings.HasPrefix(s.Instance, ns) && len(s.Instance) > len(ns) {
				return true, nil
			}
		}
		return false, nil
	}
}
