package main

import (
	"fmt"
	"time"
)

// idleLatency alternates keystrokes between our view and a plain client of
// the same pane, so both see the same machine state.
func (r *runner) idleLatency(rep *report) error {
	plain, err := startPlain(r.b, r.agents[0].session)
	if err != nil {
		return err
	}
	defer plain.close()
	if err := r.waitText(0, "fakeagent ready"); err != nil {
		return err
	}
	for i := range 2 * r.cfg.keys {
		r.pause(i)
		if i%2 == 0 {
			d, err := r.echoOurs(0, 5*time.Second)
			if err != nil {
				return err
			}
			rep.oursEcho = append(rep.oursEcho, d)
			continue
		}
		if r.typed[0] >= lineLimit {
			if _, err := r.echoOurs(0, 5*time.Second); err != nil { // also breaks the line
				return err
			}
		}
		d, err := plain.echo(r.char())
		if err != nil {
			return err
		}
		r.typed[0]++
		rep.plainEcho = append(rep.plainEcho, d)
	}
	return nil
}

// flood makes view 1's agent print cfg.flood bytes of coloured lines, with a
// plain client (in its own process) attached to the flooding pane as the
// baseline. Without typing, the flooding view is alone on screen, like a
// focused tab. With typing, view 0 is on screen beside it (a split) and is
// typed into ten times a second meanwhile.
func (r *runner) flood(n int, typing bool) (floodResult, error) {
	res := floodResult{typing: typing}
	if typing {
		r.layout([]int{0, 1}, 0)
	} else {
		r.layout([]int{1}, 1)
	}
	fl := r.agents[1]
	drainer, err := startDrainer(r.b, fl.session)
	if err != nil {
		return res, err
	}
	defer func() {
		_ = drainer.Process.Kill()
		_ = drainer.Wait()
	}()
	var plainPID, ourPID int
	deadline := time.Now().Add(10 * time.Second)
	for plainPID == 0 {
		for _, pid := range r.b.clientPIDs(fl.session) {
			if ppid(pid) == drainer.Process.Pid {
				plainPID = pid
			} else {
				ourPID = pid
			}
		}
		if time.Now().After(deadline) {
			return res, fmt.Errorf("plain client never attached")
		}
		time.Sleep(10 * time.Millisecond)
	}
	server := r.b.serverPID()
	marker := fmt.Sprintf("FLOOD-END-%d", n)

	st0, typed0 := r.terms[1].Stats(), r.terms[0].Stats()
	u0, s0 := selfCPUSplit()
	self0, our0, plain0, drain0, srv0 := selfCPU(), procCPU(ourPID), procCPU(plainPID), procCPU(drainer.Process.Pid), procCPU(server)
	start := time.Now()
	if err := fl.send(fmt.Sprintf("burst %d", r.cfg.flood)); err != nil {
		return res, err
	}
	if err := fl.print("\r\n" + marker + "\r\n"); err != nil {
		return res, err
	}
	done := make(chan struct{})
	r.prog.Send(waitTextMsg{view: 1, text: marker, done: done})
	for i := 0; ; i++ {
		select {
		case <-done:
			res.wall = time.Since(start)
			res.selfCPU = selfCPU() - self0
			u1, s1 := selfCPUSplit()
			res.user, res.sys = u1-u0, s1-s0
			res.reads = r.terms[1].Stats().Reads - st0.Reads
			res.ourClientCPU = procCPU(ourPID) - our0
			res.plainClientCPU = procCPU(plainPID) - plain0
			res.plainDrainCPU = procCPU(drainer.Process.Pid) - drain0
			res.serverCPU = procCPU(server) - srv0
			st, typed := r.terms[1].Stats(), r.terms[0].Stats()
			res.frames, res.typedFrames = st.Frames-st0.Frames, typed.Frames-typed0.Frames
			res.bytes, res.paused = st.BytesRead-st0.BytesRead, st.Paused-st0.Paused
			return res, nil
		default:
		}
		if time.Since(start) > 2*time.Minute {
			return res, fmt.Errorf("flood %d never ended on screen", n)
		}
		if !typing {
			select {
			case <-done:
			case <-time.After(10 * time.Millisecond):
			}
			continue
		}
		d, err := r.echoOurs(0, 2*time.Second)
		if err != nil {
			res.echoTimeouts++
			continue
		}
		res.echo = append(res.echo, d)
		r.pause(i)
	}
}

// ppid is a process's parent pid.
func ppid(pid int) int {
	var p int
	b := procStat(pid)
	if len(b) > 1 {
		fmt.Sscan(b[1], &p)
	}
	return p
}
