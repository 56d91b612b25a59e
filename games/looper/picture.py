def render(view, t):
    return None
