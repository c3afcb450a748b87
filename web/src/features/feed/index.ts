export { HomeScreen } from './components/home-screen';
export { UserPostsScreen } from './components/user-posts-screen';
export { PostDetailsScreen } from './components/post-details-screen';
