package ports

import (
	"errors"
	"fmt"
)

// Problems a registry file can have. A *CorruptError wraps exactly one of
// them, so callers can tell them apart with errors.Is.
var (
	// ErrMalformed: the bytes are not a registry document this version can read.
	ErrMalformed = errors.New("malformed registry")
	// ErrOverlap: two reservations on file share a port.
	ErrOverlap = errors.New("overlapping intervals")
	// ErrNewerVersion: the file was written by a newer schema version.
	ErrNewerVersion = errors.New("newer schema version")
	// ErrDuplicateOwner: one owner holds more than one reservation.
	ErrDuplicateOwner = errors.New("duplicate owner")
)

// CorruptError reports a registry file the registry refuses to use. The file
// is never rewritten while it is in this state; a person must repair it.
type CorruptError struct {
	// Path is the registry file.
	Path string
	// Problem is one of ErrMalformed, ErrOverlap, ErrNewerVersion,
	// ErrDuplicateOwner.
	Problem error
	// Detail names the entries or the parse error involved.
	Detail string
}

// Error implements error.
func (e *CorruptError) Error() string {
	return fmt.Sprintf("port registry %s: %v: %s (file left untouched)", e.Path, e.Problem, e.Detail)
}

// Unwrap exposes Problem to errors.Is.
func (e *CorruptError) Unwrap() error { return e.Problem }

// ExhaustedError reports that no free interval of the requested size fits in
// the configured port space.
type ExhaustedError struct {
	// Settings are the settings the mint was attempted under.
	Settings Settings
	// Reserved is how many reservations (durable and transient) were on file.
	Reserved int
}

// Error implements error.
func (e *ExhaustedError) Error() string {
	return fmt.Sprintf("ports: no free %d-port interval in %d-%d (%d reservations on file)",
		e.Settings.Size, e.Settings.Start, e.Settings.End, e.Reserved)
}

// CountMismatchError reports that the orphan count the user confirmed is no
// longer the count found under the lock; nothing was released.
type CountMismatchError struct {
	// Confirmed is the count the user typed.
	Confirmed int
	// Current is the count re-derived under the lock.
	Current int
}

// Error implements error.
func (e *CountMismatchError) Error() string {
	return fmt.Sprintf("ports: confirmed %d orphaned reservations but %d are orphaned now; nothing released",
		e.Confirmed, e.Current)
}
