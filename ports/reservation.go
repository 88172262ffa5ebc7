package ports

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// transientPrefix marks owners that are transient holds rather than
// workspace IDs; Reserve refuses IDs carrying it so the two never collide.
const transientPrefix = "transient-"

// Reservation is one committed port interval as the registry hands it out.
type Reservation struct {
	// Owner is the workspace ID, or transient-<pid>-<rootHash> for a hold.
	Owner string
	// Start is the first port of the interval (AMUX_PORT).
	Start int
	// Size is the number of consecutive ports in the interval.
	Size int
	// Created is when the interval was minted.
	Created time.Time
	// Settings are the settings in force when the interval was minted.
	Settings Settings
	// Transient is true for a hold keyed by process and root hash.
	Transient bool
	// Deferred is true when first-upgrade adoption was deferred and the
	// interval lives only in this process's memory, invisible to others.
	Deferred bool
}

// End returns the last port of the interval (inclusive).
func (r Reservation) End() int { return r.Start + r.Size - 1 }

// Range formats the interval as AMUX_PORT_RANGE expects: "start-end".
func (r Reservation) Range() string { return fmt.Sprintf("%d-%d", r.Start, r.End()) }

// TransientOwner returns the registry key of a transient hold:
// transient-<pid>-<rootHash>.
func TransientOwner(pid int, rootHash string) string {
	return transientPrefix + strconv.Itoa(pid) + "-" + rootHash
}

// parseTransientOwner splits a transient key; ok is false when owner is not
// a well-formed transient key.
func parseTransientOwner(owner string) (pid int, rootHash string, ok bool) {
	rest, found := strings.CutPrefix(owner, transientPrefix)
	if !found {
		return 0, "", false
	}
	p, hash, found := strings.Cut(rest, "-")
	if !found || hash == "" {
		return 0, "", false
	}
	pid, err := strconv.Atoi(p)
	if err != nil || pid < 1 || strconv.Itoa(pid) != p {
		return 0, "", false
	}
	return pid, hash, true
}

// checkOwnerID rejects IDs that cannot be a workspace's persisted ID.
func checkOwnerID(id string) error {
	if id == "" {
		return fmt.Errorf("ports: empty workspace ID")
	}
	if strings.HasPrefix(id, transientPrefix) {
		return fmt.Errorf("ports: workspace ID %q uses the reserved %q prefix", id, transientPrefix)
	}
	return checkKeyChars(id)
}

// checkKeyChars keeps owner keys printable and bounded: they end up in a
// file people read and in error messages.
func checkKeyChars(s string) error {
	if len(s) > 256 {
		return fmt.Errorf("ports: owner key %.32q… longer than 256 bytes", s)
	}
	for _, c := range s {
		if c <= ' ' || c == 0x7f {
			return fmt.Errorf("ports: owner key %q contains space or control characters", s)
		}
	}
	return nil
}
