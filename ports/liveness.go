package ports

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// A transient hold is released once its owning process is dead. Liveness is
// signal 0: ESRCH means no such process; success or EPERM means a process
// holds the pid.
//
// Pid reuse: a bare pid could be recycled by an unrelated process, which
// would keep a dead owner's hold alive. That error is only ever in the safe
// direction (a range stays held too long; it is never handed out twice),
// but where /proc exists we tighten it: each hold records a token of the
// boot ID and the process start time, and a live pid whose token differs
// is a different process, so the hold is swept. A zombie (exited, not yet
// reaped) also counts as dead. Without /proc the token is empty and only
// signal 0 is used.

// processToken identifies a process instance beyond its pid, or returns ""
// when the platform does not expose it.
func processToken(pid int) string {
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	_, start, ok := procStat(pid)
	if !ok {
		return ""
	}
	return strings.TrimSpace(string(boot)) + ":" + start
}

// procStat reads the state letter and start time (clock ticks since boot)
// from /proc/<pid>/stat.
func procStat(pid int) (state byte, start string, ok bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	// The command name (field 2) may contain spaces and parentheses; the
	// fields after its closing parenthesis start at field 3.
	i := strings.LastIndexByte(string(data), ')')
	if i < 0 {
		return 0, "", false
	}
	fields := strings.Fields(string(data[i+1:]))
	const stateField, startField = 3, 22
	if len(fields) <= startField-stateField {
		return 0, "", false
	}
	return fields[0][0], fields[startField-stateField], true
}

// processAlive reports whether the process that recorded token under pid
// still runs.
func processAlive(pid int, token string) bool {
	if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	state, _, ok := procStat(pid)
	if !ok {
		return true // signal 0 said it exists; nothing more to learn
	}
	if state == 'Z' || state == 'X' {
		return false
	}
	if token != "" {
		if now := processToken(pid); now != "" && now != token {
			return false
		}
	}
	return true
}
