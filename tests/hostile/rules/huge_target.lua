return { vp_target = (1 << 32) + 1 }  -- once silently became 1
