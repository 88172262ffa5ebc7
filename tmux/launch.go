package tmux

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Pane launch transport. A managed pane's command is
//
//	<amux> --internal-pane-launch run <payload>
//
// and the payload file carries the working directory, the final `sh -lc`
// command and the environment, so no environment value ever appears in argv,
// pane_start_command or tmux's logs. The payload lives in a single-use 0700
// directory as a 0600 file and is consumed (unlinked) before the exec.

// Names of the transport, part of the (private) pane launch contract.
const (
	LaunchVerb      = "--internal-pane-launch"
	LaunchDirPrefix = "amux-pane-launch-"
	LaunchTTL       = 5 * time.Minute
	launchFile      = "payload.json"
	maxPayload      = 1 << 20
	launchVersion   = 1
)

// PaneLaunch is what a managed pane runs.
type PaneLaunch struct {
	Dir     string   `json:"dir"`
	Command string   `json:"command"` // run as `sh -lc Command`
	Env     []string `json:"env"`     // KEY=VALUE assignments added to the pane's environment
	// Path is amux's own PATH, put back in front of the PATH the login
	// profile left: Debian's /etc/profile resets PATH, and a program amux
	// itself finds (an npm CLI in a directory an rc file or a version
	// manager added) must be found in its tab too. Empty: the profile's.
	Path string `json:"path,omitempty"`
	// Program is the program Command runs (its first word past assignments
	// and wrappers), looked up on the final PATH before Command runs: a
	// missing one says "command not found: Program" with that PATH and
	// exits 127. Empty: no check (a shell, or a line whose program is
	// only known by running it).
	Program string `json:"program,omitempty"`
	// AwaitTap: amux installs a status tap on the pane right after making
	// it, so the program starts once the pane's output is piped (at most
	// tapWait later): a report it prints as it starts (Claude Code's
	// session-start hook) would otherwise go before the tap reads.
	AwaitTap bool `json:"await_tap,omitempty"`
}

type launchPayload struct {
	Version   int   `json:"version"`
	CreatedMs int64 `json:"created_ms"`
	PaneLaunch
}

// Launch is a prepared pane launch: the argv a pane starts with, and the
// payload it will consume. A caller that ends up starting no pane (tmux
// refused the session) calls Discard, since the payload holds environment
// values.
type Launch struct {
	Argv []string
	dir  string
}

// Discard removes the payload a pane never consumed. It is safe to call
// after a pane did consume it (nothing is left to remove).
func (l Launch) Discard() {
	if l.dir != "" {
		os.RemoveAll(l.dir)
	}
}

// PreparePaneLaunch validates l, writes it to a fresh single-use directory
// under tmpDir (os.TempDir() when empty) and returns the launch.
func PreparePaneLaunch(amuxBin, tmpDir string, l PaneLaunch, now time.Time) (Launch, error) {
	if err := l.validate(); err != nil {
		return Launch{}, err
	}
	if tmpDir == "" {
		tmpDir = os.TempDir()
	}
	dir, err := os.MkdirTemp(tmpDir, LaunchDirPrefix+"*")
	if err != nil {
		return Launch{}, fmt.Errorf("pane launch: %w", err)
	}
	data, err := json.Marshal(launchPayload{Version: launchVersion, CreatedMs: now.UnixMilli(), PaneLaunch: l})
	if err == nil {
		err = writeNew(filepath.Join(dir, launchFile), data)
	}
	if err != nil {
		os.RemoveAll(dir)
		return Launch{}, fmt.Errorf("pane launch: %w", err)
	}
	return Launch{Argv: []string{amuxBin, LaunchVerb, "run", filepath.Join(dir, launchFile)}, dir: dir}, nil
}

func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (l PaneLaunch) validate() error {
	if strings.TrimSpace(l.Command) == "" {
		return errors.New("pane launch: empty command")
	}
	if l.Dir != "" && !filepath.IsAbs(l.Dir) {
		return fmt.Errorf("pane launch: working directory %q is not absolute", l.Dir)
	}
	for _, kv := range l.Env {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || !ValidEnvKey(k) {
			return fmt.Errorf("pane launch: bad environment entry for key %q", k)
		}
	}
	return nil
}

// ValidEnvKey reports whether k is a portable environment variable name
// (letters, digits and underscores, not starting with a digit): one a shell
// and execve pass through unchanged.
func ValidEnvKey(k string) bool {
	if k == "" {
		return false
	}
	for i, c := range k {
		ok := c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (i > 0 && c >= '0' && c <= '9')
		if !ok {
			return false
		}
	}
	return true
}

// ConsumePaneLaunch reads the payload at path, removes it and its directory
// (single use: even an invalid payload is consumed), and returns it after
// validation. A payload older than LaunchTTL, not a private regular file in
// a private amux-pane-launch-* directory, or malformed, is refused.
func ConsumePaneLaunch(path string, now time.Time) (PaneLaunch, error) {
	dir := filepath.Dir(path)
	if filepath.Base(path) != launchFile || !strings.HasPrefix(filepath.Base(dir), LaunchDirPrefix) {
		return PaneLaunch{}, fmt.Errorf("pane launch: %q is not a launch payload", path)
	}
	data, readErr := readPrivate(dir, path)
	// Consume before judging: a refused payload must not be retried either.
	os.Remove(path)
	os.Remove(dir)
	if readErr != nil {
		return PaneLaunch{}, readErr
	}
	var p launchPayload
	if err := json.Unmarshal(data, &p); err != nil {
		return PaneLaunch{}, fmt.Errorf("pane launch: malformed payload: %w", err)
	}
	if p.Version != launchVersion {
		return PaneLaunch{}, fmt.Errorf("pane launch: unsupported payload version %d", p.Version)
	}
	age := now.Sub(time.UnixMilli(p.CreatedMs))
	if age > LaunchTTL || age < -time.Minute {
		return PaneLaunch{}, fmt.Errorf("pane launch: payload is %v old, outside its %v budget", age.Round(time.Second), LaunchTTL)
	}
	return p.PaneLaunch, p.validate()
}

// readPrivate reads path only if it and its directory are private to this
// user: a 0700 directory and a 0600 regular file (no symlinks) owned by us.
func readPrivate(dir, path string) ([]byte, error) {
	uid := os.Getuid()
	if err := checkPrivate(dir, true, uid); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, fmt.Errorf("pane launch: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("pane launch: %w", err)
	}
	if err := checkMode(fi, false, uid); err != nil {
		return nil, err
	}
	return io.ReadAll(io.LimitReader(f, maxPayload))
}

func checkPrivate(path string, isDir bool, uid int) error {
	fi, err := os.Lstat(path)
	if err != nil {
		return fmt.Errorf("pane launch: %w", err)
	}
	return checkMode(fi, isDir, uid)
}

func checkMode(fi os.FileInfo, isDir bool, uid int) error {
	want := os.FileMode(0o600)
	if isDir {
		want = 0o700
	}
	if fi.IsDir() != isDir || (!isDir && !fi.Mode().IsRegular()) || fi.Mode().Perm() != want {
		return fmt.Errorf("pane launch: %s is not private (mode %v)", fi.Name(), fi.Mode())
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != uid {
		return fmt.Errorf("pane launch: %s is owned by uid %d", fi.Name(), st.Uid)
	}
	return nil
}

// SweepPaneLaunches removes launch directories under tmpDir (os.TempDir()
// when empty) older than LaunchTTL: their payloads can no longer be consumed.
// It returns how many it removed.
func SweepPaneLaunches(tmpDir string, now time.Time) (int, error) {
	if tmpDir == "" {
		tmpDir = os.TempDir()
	}
	entries, err := os.ReadDir(tmpDir)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), LaunchDirPrefix) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) <= LaunchTTL {
			continue
		}
		if os.RemoveAll(filepath.Join(tmpDir, e.Name())) == nil {
			n++
		}
	}
	return n, nil
}

// MergeEnv returns base with every KEY=VALUE of extra replacing or adding:
// how a pane launch (and a lifecycle script) layers amux's variables over
// the environment it inherits.
func MergeEnv(base, extra []string) []string {
	keys := make(map[string]bool, len(extra))
	for _, kv := range extra {
		k, _, _ := strings.Cut(kv, "=")
		keys[k] = true
	}
	out := make([]string, 0, len(base)+len(extra))
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if !keys[k] {
			out = append(out, kv)
		}
	}
	return append(out, extra...)
}
