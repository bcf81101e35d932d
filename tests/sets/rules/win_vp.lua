-- The VP target from a param of the rule's own (issue 51: it was silently ignored).
return {
  params = { win_vp = 12 },
  vp_target = params.win_vp,
}
